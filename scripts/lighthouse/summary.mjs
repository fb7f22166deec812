// Prints one row per page from Lighthouse's JSON reports (scripts/lighthouse.sh): the
// median run by performance score, its LCP, TBT, CLS and FCP, the JavaScript it
// transferred (compressed, as sent, headers included), and every run's score.
//
//   node summary.mjs DIR PAGE...      reads DIR/PAGE-1.json, DIR/PAGE-2.json, …
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...pages] = process.argv.slice(2);

function read(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((report.categories.performance.score ?? NaN) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    error: report.runtimeError?.message,
  };
}

const s = (ms) => (ms / 1000).toFixed(2) + ' s';
const header = ['page', 'score', 'LCP', 'TBT', 'CLS', 'FCP', 'JS sent', 'runs'];
const widths = [10, 6, 9, 8, 7, 9, 17, 14];
const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('');
console.log(line(header));
for (const page of pages) {
  const files = readdirSync(dir).filter((f) => f.startsWith(`${page}-`) && f.endsWith('.json'));
  const runs = files.map((f) => join(dir, f)).filter(existsSync).map(read).filter((r) => !r.error && Number.isFinite(r.score));
  if (runs.length === 0) {
    console.log(line([page, '-', '-', '-', '-', '-', '-', 'no run finished']));
    continue;
  }
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(
    line([
      page,
      median.score,
      s(median.lcp),
      `${Math.round(median.tbt)} ms`,
      median.cls.toFixed(3),
      s(median.fcp),
      `${(median.js / 1000).toFixed(1)} kB (${median.scripts})`,
      runs.map((r) => r.score).join(' '),
    ]),
  );
}
