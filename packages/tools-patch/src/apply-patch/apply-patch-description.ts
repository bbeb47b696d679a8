/** Model-facing description of `apply_patch`. */
export const APPLY_PATCH_DESCRIPTION = `Edit files with a patch: add, update, rename and delete files in one atomic call. Either every operation applies or nothing on disk changes.

Example:
*** Begin Patch
*** Add File: docs/hello.txt
+Hello
+world
*** Update File: src/app.py
*** Move to: src/main.py
@@ def greet(name):
     greeting = "Hello"
-    print(greeting)
+    print(f"{greeting}, {name}")
     return greeting
*** Delete File: old/notes.txt
*** End Patch

Rules:
- The patch starts with '*** Begin Patch' and ends with '*** End Patch'. File sections start with '*** Add File: <path>', '*** Update File: <path>' or '*** Delete File: <path>'. Paths are relative to the workspace root (absolute paths must be inside it).
- Every line of an added file starts with '+'. Adding an existing path replaces that file.
- Each file appears in one section only (put all of a file's hunks in one '*** Update File:'); a patch that names one file twice, a Move destination included, is refused.
- '*** Move to: <path>' right after '*** Update File:' renames the file (hunks are optional then).
- Each hunk of an update starts with '@@', optionally followed by a line of the file (such as a class or function header) that must appear before the hunk; several '@@ <line>' lines in a row narrow the search step by step.
- Hunk lines start with ' ' (context, kept), '-' (removed) or '+' (added). Give about 3 lines of context around each change, no line numbers; hunks must be in file order.
- '*** End of File' after a hunk anchors it to the last lines of the file.
- A hunk with only '+' lines is inserted right after its '@@ <line>', or at the end of the file without one.
- Matching tolerates trailing or surrounding whitespace and typographic punctuation differences; files keep their own line endings, byte order mark and final newline.
- '*** Add:', '*** Update:' and '*** Delete:' are accepted too, and so are unified-diff headers ('--- a/x', '+++ b/x', '@@ -1,3 +1,4 @@') before the first hunk.`;
