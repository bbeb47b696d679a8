import { checkToolConformance } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { READ_FILE_SPEC } from './read-file/read-file-spec.js';
import { createFsKit } from './test-support/fs-kit.js';
import { WRITE_FILE_SPEC } from './write-file/write-file-spec.js';

describe('tool definitions', () => {
  it('read_file is described to the model as follows', () => {
    expect(READ_FILE_SPEC.definition).toMatchInlineSnapshot(`
      {
        "annotations": {
          "destructive": false,
          "idempotent": true,
          "openWorld": false,
          "readOnly": true,
          "title": "Read file",
        },
        "description": "Read a UTF-8 text file from the workspace (or an extra read root). Returns {path, content, startLine, endLine, truncated, hasMore}: the lines startLine..endLine joined with "\\n", without line numbers. Large files: read a window with startLine/endLine (1-based, inclusive); hasMore=true means lines remain after endLine, so continue with startLine=endLine+1. content is cut after maxChars characters (default 12000); truncated=true says it was. Binary files are refused. To list a directory or find files, use glob; to search contents, use grep.",
        "inputSchema": {
          "additionalProperties": false,
          "properties": {
            "endLine": {
              "description": "Last line to return, 1-based and inclusive. Default: the end of the file.",
              "maximum": 9007199254740991,
              "minimum": 1,
              "type": "integer",
            },
            "maxChars": {
              "description": "Cut the content after this many characters. Default 12000.",
              "maximum": 10000000,
              "minimum": 1,
              "type": "integer",
            },
            "path": {
              "description": "File to read: relative to the workspace root, or absolute. \`~\` is the home directory.",
              "minLength": 1,
              "type": "string",
            },
            "startLine": {
              "description": "First line to return, 1-based. Default 1.",
              "maximum": 9007199254740991,
              "minimum": 1,
              "type": "integer",
            },
          },
          "required": [
            "path",
          ],
          "type": "object",
        },
        "kind": "read",
        "name": "read_file",
        "source": {
          "type": "built-in",
        },
      }
    `);
  });

  it('write_file is described to the model as follows', () => {
    expect(WRITE_FILE_SPEC.definition).toMatchInlineSnapshot(`
      {
        "annotations": {
          "destructive": true,
          "idempotent": false,
          "openWorld": false,
          "readOnly": false,
          "title": "Write file",
        },
        "description": "Write a UTF-8 text file inside the workspace, creating parent directories. mode: "overwrite" (default) replaces the whole file atomically, "create" fails if the file already exists, "append" adds content to the end without adding a newline. Paths outside the workspace, through symlinks that leave it, or under .git, node_modules, .ssh, .aws or .gnupg are refused. To change part of an existing file, prefer edit or apply_patch over rewriting it. Returns {path, resolvedPath, mode, created, appended, bytesWritten}.",
        "inputSchema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "description": "The text to write (UTF-8), in full; for append, the text to add.",
              "type": "string",
            },
            "mode": {
              "description": "create: fail if the file exists; overwrite (default): replace it or create it; append: add to the end, or create it.",
              "enum": [
                "create",
                "overwrite",
                "append",
              ],
              "type": "string",
            },
            "path": {
              "description": "File to write, relative to the workspace root (or absolute inside it). Parent directories are created.",
              "minLength": 1,
              "type": "string",
            },
          },
          "required": [
            "path",
            "content",
          ],
          "type": "object",
        },
        "kind": "edit",
        "name": "write_file",
        "source": {
          "type": "built-in",
        },
      }
    `);
  });

  it('the tools pass the core conformance kit', async () => {
    const t = await createFsKit();
    expect(
      await checkToolConformance([t.tools.read_file, t.tools.write_file], {
        invalidArguments: [
          { path: 'a.txt', startLine: 'x' },
          { path: 'a.txt', content: 'x', mode: 'sideways' },
          { path: 'x'.repeat(5000), content: 'x' },
          { path: ['a'], content: 'x' },
        ],
      }),
    ).toEqual([]);
  });
});
