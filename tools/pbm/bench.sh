# pbm bench: the benchmarks, their comparison packages, the JSON and plots.
# Sourced by ./pbm (the driver); uses its ROOT, BUILD, JOBS, say and die.

cmd_bench() {
  local -a list=()
  if (($#)) && [[ ${1#ch} =~ ^[0-9]+$ ]]; then
    local NN TOPIC
    resolve_chapter "$1"
    shift
    [[ -f $ROOT/chapters/${NN}_$TOPIC/bench.cpp ]] || die 1 "chapter $NN has no benchmark (chapters/${NN}_$TOPIC/bench.cpp)"
    list=("$NN $TOPIC")
  else
    local n t
    while read -r n t; do
      [[ -f $ROOT/chapters/${n}_$t/bench.cpp ]] && list+=("$n $t")
    done < <(chapters)
    ((${#list[@]})) || die 1 "no chapter has a benchmark yet"
  fi
  ensure_deps
  local reconfigure=0
  ensure_bench_packages ${list[@]+"${list[@]}"} && reconfigure=1
  ensure_configured
  if ((reconfigure)) && is_configured; then
    cmake -S "$ROOT" -B "$BUILD" >&2 || die 1 "cmake configure failed (the error is above)"
  fi
  local entry targets=() kept=()
  for entry in ${list[@]+"${list[@]}"}; do
    if has_target "ch${entry%% *}_bench"; then
      targets+=("ch${entry%% *}_bench")
      kept+=("$entry")
    else
      say "chapter ${entry%% *}: not configured, no benchmark"
    fi
  done
  ((${#kept[@]})) || die 1 "no configured chapter has a benchmark"
  list=(${kept[@]+"${kept[@]}"})
  build_targets ${targets[@]+"${targets[@]}"}
  mkdir -p "$BUILD/bench"
  local status=0 n t json plots
  for entry in ${list[@]+"${list[@]}"}; do
    n="${entry%% *}"
    t="${entry#* }"
    note_exercises "$n"
    json="$BUILD/bench/ch$n.json"
    say "chapter $n: ${BUILD#"$ROOT"/}/bin/ch${n}_bench${*:+ $*}"
    if ! "$BUILD/bin/ch${n}_bench" "--benchmark_out=$json" --benchmark_out_format=json "$@"; then
      say "chapter $n: the benchmark failed"
      status=1
      continue
    fi
    say "chapter $n: results in $(rel "$json")"
    plots="$ROOT/chapters/${n}_$t/bench.plots"
    if [[ -f $plots ]]; then
      python3 "$ROOT/tools/plot_bench.py" "$json" "$plots" "$BUILD/bench" "ch${n}_" || status=1
    else
      say "chapter $n: no bench.plots, so no plots"
    fi
  done
  exit "$status"
}
