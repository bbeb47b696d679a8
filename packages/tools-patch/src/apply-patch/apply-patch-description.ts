/** Model-facing description of `apply_patch`. */
export const APPLY_PATCH_DESCRIPTION = `Edit files with a patch: add, update, move and delete files in one atomic call. Either every operation applies or nothing on disk changes.

Format:
*** Begin Patch
*** Add File: path/to/new.txt
+first line of the new file
+second line
*** Update File: path/to/existing.py
*** Move to: path/to/renamed.py        (optional: rename the file)
@@ def greet():
     context line (starts with a space)
-    removed line
+    added line
     context line
@@ another hunk, located after the previous one
...
*** End of File                         (optional: the hunk must match the last lines)
*** Delete File: path/to/old.txt
*** End Patch

Rules:
- Paths are relative to the workspace root (absolute paths must be inside it).
- Every line of an added file starts with '+'. Adding an existing path replaces that file.
- In an update, each hunk starts with '@@', optionally followed by a line of the file (a class or function header) that must appear before the hunk; several '@@ <line>' in a row narrow the search step by step.
- Hunk lines start with ' ' (context, kept), '-' (removed) or '+' (added). Give about 3 lines of context around each change, without line numbers; hunks must be in file order.
- Matching tolerates differences in trailing or surrounding whitespace and typographic punctuation; the file keeps its own line endings, byte order mark and final newline.
- A hunk with only '+' lines is inserted right after its '@@ <line>', or at the end of the file without one.
- '*** Add:', '*** Update:' and '*** Delete:' are accepted too, and so are unified-diff headers ('--- a/x', '+++ b/x', '@@ -1,3 +1,4 @@') before the first hunk.`;
