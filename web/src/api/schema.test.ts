// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The types in schema.d.ts are generated from openapi.json (itself checked against the
// server by the Rust test `the_committed_openapi_document_is_current`).
describe('generated API types', () => {
  it('match the committed OpenAPI document (run `make api-types` if not)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-types-'));
    try {
      const out = path.join(dir, 'schema.d.ts');
      execFileSync(path.resolve('node_modules/.bin/openapi-typescript'), ['src/api/openapi.json', '-o', out], { stdio: 'pipe' });
      expect(readFileSync('src/api/schema.d.ts', 'utf8')).toBe(readFileSync(out, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
