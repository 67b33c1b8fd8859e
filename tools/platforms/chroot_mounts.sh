# shellcheck shell=bash disable=SC2154 # ROOT and chroot_dir are the caller's
# The chroot's mounts and the repository's files copied in, for the
# platform checks (tools/platforms/check_platforms.sh, tools/platforms/platform_windows.sh).
# Sourced; uses the caller's ROOT and chroot_dir. The mounts are undone when
# the caller exits.

mounted=()
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
}
trap unmount_all EXIT
mount_in() { # mount_in TYPE-OR-BIND SOURCE TARGET
  local target="$chroot_dir/$3"
  mkdir -p "$target"
  mountpoint -q "$target" && return 0
  if [[ $1 == bind ]]; then mount --bind "$2" "$target"; else mount -t "$1" "$2" "$target"; fi
  mounted+=("$target")
}
# resolv.conf, /proc, /dev, /dev/pts and /dev/shm: what builds and tests need.
mount_system() {
  cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf" 2>/dev/null || true
  mount_in proc proc proc
  mount_in bind /dev dev
  mount_in devpts devpts dev/pts 2>/dev/null || true
  mount_in tmpfs tmpfs dev/shm
}
# The repository's tracked and new files (not build trees) into
# $chroot_dir/pbm/src, anew each run.
copy_sources() {
  local src="$chroot_dir/pbm/src"
  rm -rf "$src" && mkdir -p "$src" &&
    git -C "$ROOT" ls-files -z --cached --others --exclude-standard |
    tar -C "$ROOT" --null -T - -cf - 2>/dev/null | tar -C "$src" -xf -
}
