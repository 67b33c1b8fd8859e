#!/usr/bin/env bash
# Drives a live window of chapters 07-11 as a student would: real key presses
# and mouse drags (xdotool) under Xvfb, screenshots (xwd of the window, and the
# program's own F12 PNG), and a check of what each input should do (the key
# line of the window, README "The viewer"):
#   F12         writes a PNG of the window into the current directory
#   P           pauses: two screenshots a second apart show the same picture
#               (only the frame rate may change); P again runs on
#   O           one step: the picture (or, for a scene at rest, the clock t)
#               changes once, then stays (still paused)
#   R           resets: R then P twice gives the same picture both times (the
#               scene at t = 0), not the one before
#   Tab         hides the panel, Tab again brings back the same picture
#   ] then [    next scene, then back (the F12 PNG is named after the scene)
#   right-drag  orbits (3D) or pans (2D): the picture changes while paused
#   wheel       dollies (3D) or zooms (2D): the picture changes while paused
#   left-drag   what the scene offers: a grab (ch07 mouse spring, ch08 B of
#               separating_plane) or a poke (ch11 poke) changes the picture;
#               where the scene offers nothing (ch09, ch10) it must not
# and that the program is still running at the end. Prints one line per
# check, then "N passed, M failed"; the exit status is 1 on a failure, 2 when
# a tool or a program is missing.
#
# usage: tools/drive_viewer.sh [NN ...]      (default: 07 08 09 10 11)
# Needs xdotool and xwd (apt-get install -y xdotool x11-apps), Xvfb
# (xvfb-run) and python3, and the chapter programs built (./pbm build).
# Slow (about 60 s a chapter, 5 minutes for 07-11): not run by CI.
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me="drive_viewer.sh"

need() {  # need TOOL PACKAGE
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "$me: $1 is missing: install it with  apt-get install -y $2" >&2
    exit 2
  fi
}
need xdotool xdotool
need xwd x11-apps
need xvfb-run xvfb
need python3 python3

# Everything runs on a private Xvfb screen of the window's size (1280 x 800):
# the keys and drags must not land on someone's desktop.
if [[ -z "${PBM_DRIVE_XVFB:-}" ]]; then
  exec env PBM_DRIVE_XVFB=1 xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi

chapters=("$@")
[[ ${#chapters[@]} -eq 0 ]] && chapters=(07 08 09 10 11)

passed=0
failed=0
check() {  # check NAME OK(0|1) DETAIL
  if [[ "$2" == 0 ]]; then
    passed=$((passed + 1))
    echo "  ok   $1${3:+: $3}"
  else
    failed=$((failed + 1))
    echo "  FAIL $1${3:+: $3}"
  fi
}

work=$(mktemp -d /tmp/drive_viewer.XXXXXX)
pid=""
cleanup() {
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# Compares two xwd screenshots. "same": nothing differs but at most the end
# of one line of text in the lesson box (the frame rate on the clock line);
# "clock": only that line differs, and from its start (the time t, left of
# x = 120: a step of a scene at rest); "differs" otherwise. The panel's title bar is left out: a click in the view takes
# Dear ImGui's focus from the panel and greys it. Prints the verdict and the
# differing pixels' count and box.
compare() {
  python3 - "$1" "$2" <<'EOF'
import struct, sys

def load(path):
    data = open(path, "rb").read()
    h = struct.unpack(">25I", data[:100])
    header, ncolors = h[0], h[19]
    width, height, bpl, bpp = h[4], h[5], h[12], h[11] // 8
    off = header + 12 * ncolors
    return width, height, bpl, bpp, data[off:off + bpl * height]

wa, ha, bpl, bpp, a = load(sys.argv[1])
wb, hb, _, _, b = load(sys.argv[2])
if (wa, ha) != (wb, hb):
    print("differs size %dx%d vs %dx%d" % (wa, ha, wb, hb))
    sys.exit(0)
count, box = 0, [wa, ha, -1, -1]
for y in range(ha):
    ra, rb = a[y * bpl:y * bpl + wa * bpp], b[y * bpl:y * bpl + wa * bpp]
    if ra == rb:
        continue
    for x in range(wa):
        if x >= 920 and y < 20:
            continue
        if ra[x * bpp:(x + 1) * bpp] != rb[x * bpp:(x + 1) * bpp]:
            count += 1
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
one_line = count == 0 or (box[3] - box[1] <= 20 and box[2] < 920 and box[3] < 600)
verdict = "differs" if not one_line else "clock" if count and box[0] < 120 else "same"
print("%s %d pixels in x %d..%d, y %d..%d" % (verdict, count,
                                              box[0], box[2], box[1], box[3]))
EOF
}

shot() {  # shot NAME: xwd of the window into $work/NAME.xwd
  xwd -silent -id "$wid" -out "$work/$1.xwd"
}

expect() {  # expect NAME same|differs|changed A B  (changed: differs or clock)
  local r ok=1
  r=$(compare "$work/$3.xwd" "$work/$4.xwd")
  [[ "$r" == "$2"* ]] && ok=0
  [[ "$2" == changed && ( "$r" == differs* || "$r" == clock* ) ]] && ok=0
  check "$1" $ok "$r"
}

keys() {  # keys KEY...: pressed in order, 30 ms apart
  xdotool key --delay 30 "$@"
}

f12() {  # f12: presses F12, prints the new PNG's name (empty after 5 s without)
  local before after i
  before=$(ls "$work/run" | grep -c '\.png$')
  keys F12
  for i in $(seq 50); do
    after=$(ls "$work/run" | grep -c '\.png$')
    if ((after > before)); then
      sleep 0.3  # written in one go, but give it a moment
      ls -t "$work/run" | grep '\.png$' | head -1
      return
    fi
    sleep 0.1
  done
}

drag() {  # drag BUTTON X Y DX DY: press at (X, Y), move in 8 steps, release
  local i
  xdotool mousemove --window "$wid" "$2" "$3" mousedown "$1"
  for i in $(seq 8); do
    xdotool mousemove --window "$wid" $(($2 + $4 * i / 8)) $(($3 + $5 * i / 8))
    sleep 0.05
  done
  [[ "${6:-}" == hold ]] || xdotool mouseup "$1"
}

drive() {  # drive NN
  local nn=$1 prog scene grab offers
  prog=$(ls "$root"/build/bin/ch"$nn"_* 2>/dev/null | grep -v -e _tests -e _bench | head -1)
  if [[ -z "$prog" ]]; then
    echo "$me: no program build/bin/ch${nn}_*: build it first (./pbm build)" >&2
    exit 2
  fi
  # The scene driven, a point on its body (window pixels) and whether a
  # left-drag there does something (README: "what the scene offers").
  case $nn in
    07) scene=spin_intermediate grab="620 400" offers=yes ;;
    08) scene=separating_plane grab="740 500" offers=yes ;;
    09) scene=cube_flat grab="460 400" offers=no ;;
    10) scene=block_table grab="460 400" offers=no ;;
    11) scene=poke grab="460 400" offers=yes ;;
    *) scene="" grab="560 420" offers=no ;;
  esac
  local scenes first second
  scenes=$("$prog" --list-scenes | awk '/^[a-z_0-9]+  -  /{print $1}')
  [[ -z "$scene" ]] && scene=$(head -1 <<<"$scenes")
  first=$scene
  second=$(awk -v s="$scene" 'f{print; exit} $0==s{f=1}' <<<"$scenes")
  [[ -z "$second" ]] && second=$(head -1 <<<"$scenes")
  echo "ch$nn: $(basename "$prog") --scene $scene"

  rm -rf "$work/run" && mkdir -p "$work/run"
  (cd "$work/run" && exec "$prog" --scene "$scene" >"$work/out.txt" 2>&1) &
  pid=$!
  wid=$(timeout 20 xdotool search --sync --onlyvisible --name "^$(basename "$prog")" | head -1)
  if [[ -z "$wid" ]]; then
    check "ch$nn window opens" 1 "no window within 20 s: $(tail -2 "$work/out.txt")"
    kill "$pid" 2>/dev/null
    pid=""
    return
  fi
  check "ch$nn window opens" 0 "window $wid"
  xdotool windowfocus --sync "$wid" 2>/dev/null || xdotool windowactivate --sync "$wid"
  xdotool mousemove --window "$wid" 600 600
  sleep 2

  # F12: a PNG named after the program and the scene.
  local png
  png=$(f12)
  [[ "$png" == "$(basename "$prog")-$first-"*.png ]] &&
    python3 "$root/tools/check_png.py" "$work/run/$png" >/dev/null
  check "ch$nn F12 writes a PNG" $? "${png:-none}"
  sleep 3.5  # the "saved" line leaves the lesson box

  # Running, then P: the picture stops.
  shot run1; sleep 1; shot run2
  expect "ch$nn runs (two shots 1 s apart differ)" changed run1 run2
  keys p; sleep 0.5
  shot p1; sleep 1; shot p2
  expect "ch$nn P pauses (two shots 1 s apart: same)" same p1 p2

  # O: one step, still paused.
  keys o; sleep 0.5
  shot o1; sleep 1; shot o2
  expect "ch$nn O steps once (the picture or the clock changed)" changed p2 o1
  expect "ch$nn O leaves it paused" same o1 o2

  # R: back to t = 0 (R runs on, so P at once pauses it again: both keys
  # within one frame, else the steps of a frame come between).
  local i ok=1
  for i in 1 2 3; do
    xdotool key --delay 0 r p; sleep 0.5; shot r1
    xdotool key --delay 0 r p; sleep 0.5; shot r2
    [[ $(compare "$work/r1.xwd" "$work/r2.xwd") == same* ]] && ok=0 && break
  done
  check "ch$nn R resets (R P twice: the same picture)" $ok "$(compare "$work/r1.xwd" "$work/r2.xwd")"
  expect "ch$nn R resets (not the picture before)" changed o2 r2

  # Tab: the panel goes and comes back.
  keys Tab; sleep 0.5; shot tab1
  expect "ch$nn Tab hides the panel" differs r2 tab1
  keys Tab; sleep 0.5; shot tab2
  expect "ch$nn Tab shows it again (same picture)" same r2 tab2

  # Right-drag and the wheel move the camera (paused: only the camera moves).
  shot cam0
  drag 3 560 600 140 -40
  sleep 0.5; shot cam1
  expect "ch$nn right-drag moves the camera" differs cam0 cam1
  xdotool mousemove --window "$wid" 560 600 click 4 click 4 click 4
  sleep 0.5; shot cam2
  expect "ch$nn wheel zooms" differs cam1 cam2

  # Left-drag on the body, from the scene's first view (R resets the scene,
  # not the camera: ] [ bring the view back).
  keys bracketright; sleep 1.5
  png=$(f12)
  [[ "$png" == "$(basename "$prog")-$second-"*.png ]]
  check "ch$nn ] next scene" $? "${png:-none}, expected $second"
  keys bracketleft; sleep 1.5
  png=$(f12)
  [[ "$png" == "$(basename "$prog")-$first-"*.png ]]
  check "ch$nn [ previous scene" $? "${png:-none}, expected $first"
  keys p; sleep 3.5
  shot left0
  read -r gx gy <<<"$grab"
  drag 1 "$gx" "$gy" 60 -50 hold
  sleep 0.5; shot left1
  xdotool mouseup 1
  if [[ $offers == yes ]]; then
    expect "ch$nn left-drag grabs (the picture changes)" differs left0 left1
  else
    expect "ch$nn left-drag: nothing offered, nothing moves" same left0 left1
  fi

  # Still alive after all that.
  kill -0 "$pid" 2>/dev/null
  check "ch$nn still running" $? "$(tail -1 "$work/out.txt")"
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  pid=""
}

start=$SECONDS
for nn in "${chapters[@]}"; do
  nn=$(printf "%02d" "$((10#$nn))")
  drive "$nn"
done
echo "$passed passed, $failed failed ($((SECONDS - start)) s)"
((failed == 0))
