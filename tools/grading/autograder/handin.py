"""Finding a chapter's files in an upload, and copying them into the grading folder.

A student may upload a chapter's folder NN_topic/ at the top, inside
exercises/, or a whole fork of the repository (exercises/NN_topic/, perhaps
one or two folders down, as GitHub's zip wraps it). Without such a folder,
files at the top of the upload named as the chapter's skeleton files are
(exercises/NN_topic/*.cpp) are the chapter's: PrairieLearn's file upload and
Gradescope's drag-and-drop give the files alone. A folder of that name
anywhere else (chapters/, solutions/) is not the student's and is ignored, as
is everything that is not a regular file of C++ source beside it. Python
standard library only.
"""

import hashlib
import os
import shutil

SOURCE_SUFFIXES = (".cpp", ".h", ".hpp")
MAX_FILE_BYTES = 1 << 20  # a source file larger than 1 MB is not a hand-in's
MAX_DEPTH = 4  # how deep below the upload a chapter's folder is looked for


def expected_text(nn, topic):
    return (f"expected a folder {nn}_{topic}/ with the chapter's .cpp files, at the top of the "
            f"upload or in exercises/ (a copy of exercises/{nn}_{topic}/ or a whole fork), or the "
            f"chapter's files alone at the top (named as in exercises/{nn}_{topic}/)")


def source_files(folder):
    """{name: path} of the regular (not linked) C++ files directly in folder."""
    out = {}
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for e in entries:
        if e.name.endswith(SOURCE_SUFFIXES) and e.is_file(follow_symlinks=False) \
                and e.stat(follow_symlinks=False).st_size <= MAX_FILE_BYTES:
            out[e.name] = e.path
    return out


def find_chapter(upload, nn, topic):
    """The folder of chapter NN in the upload, or None: NN_topic/ directly in the
    upload or in a folder named exercises, the shallowest one with .cpp files."""
    want = f"{nn}_{topic}"
    best = None
    upload = os.path.abspath(upload)
    for here, dirs, _ in os.walk(upload):
        depth = 0 if here == upload else os.path.relpath(here, upload).count(os.sep) + 1
        dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(here, d))
                         and not d.startswith("."))
        if depth >= MAX_DEPTH:
            dirs[:] = []
        if want in dirs and (here == upload or os.path.basename(here) == "exercises"):
            cand = os.path.join(here, want)
            if any(n.endswith(".cpp") for n in source_files(cand)) and \
                    (best is None or depth < best[0]):
                best = (depth, cand)
    return best[1] if best else None


def sync_chapter(src, dest):
    """Makes dest hold exactly src's source files (src None: none)."""
    sync_files(source_files(src) if src else {}, dest)


def sync_files(files, dest):
    """Makes dest hold exactly `files` ({name: path}). A file whose content did not
    change is not rewritten, so the build keeps its object; one that changed gets
    a fresh time, so the build always sees it."""
    os.makedirs(dest, exist_ok=True)
    for name in os.listdir(dest):
        path = os.path.join(dest, name)
        if name not in files:
            if os.path.isdir(path) and not os.path.islink(path):
                continue
            os.remove(path)
    for name, path in files.items():
        with open(path, "rb") as f:
            data = f.read()
        target = os.path.join(dest, name)
        if os.path.exists(target):
            with open(target, "rb") as f:
                if f.read() == data:
                    continue
            os.remove(target)
        with open(target, "wb") as f:
            f.write(data)


def flat_files(upload, skeleton):
    """{name: path} of the files at the top of the upload named as the skeleton's
    .cpp files (the folder exercises/NN_topic), and of the headers beside them."""
    names = {n for n in source_files(skeleton) if n.endswith(".cpp")}
    top = source_files(upload)
    if not names & set(top):
        return {}
    return {n: p for n, p in top.items() if n in names or not n.endswith(".cpp")}


def collect(upload, chapter_list, work, root=None):
    """Copies the assignment's chapters from the upload into work/NN_topic/ (the
    grading tree's hand-in folder); a chapter the upload lacks has no folder
    there (not handed in: nothing of it is built). Returns {NN: where it was
    found (a folder relative to the upload, or "top-level files"), or None when
    absent}."""
    found = {}
    ok = bool(upload) and os.path.isdir(upload)
    for nn, topic in chapter_list:
        dest = os.path.join(work, f"{nn}_{topic}")
        src = find_chapter(upload, nn, topic) if ok else None
        if src:
            sync_chapter(src, dest)
            found[nn] = os.path.relpath(src, upload)
            continue
        flat = flat_files(upload, os.path.join(root, "exercises", f"{nn}_{topic}")) if ok and root else {}
        if flat:
            sync_files(flat, dest)
        elif os.path.isdir(dest):
            shutil.rmtree(dest)
        found[nn] = "top-level files" if flat else None
    return found


def fingerprint(work, chapter_list, extra=""):
    """A hash of the hand-in's files of these chapters (and of `extra`, the grading
    settings): unchanged, a class's second run need not grade it again."""
    h = hashlib.sha256(extra.encode())
    for nn, topic in chapter_list:
        folder = os.path.join(work, f"{nn}_{topic}")
        for name, path in sorted(source_files(folder).items()):
            h.update(f"\0{nn}/{name}\0".encode())
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()
