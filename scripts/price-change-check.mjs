// `node scripts/price-change-check.mjs` (run by .ci/run): proves the plan price (and the renewal fee) has one
// source. In a temporary copy of the work tree it changes the prices in packages/shared/src/plans.ts, builds, and looks for the old price
// in the built web assets, the server-rendered pages, the e-mails, the legal texts and the assistant's articles
// and answers. The assistant's database is first seeded by the unchanged tree, as an installation seeded before
// the change, then started by the changed one. Fails on any old price it finds, and when a probe did not see the
// new price (a probe that reads nothing proves nothing). KEEP=1 keeps the copy for a look.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
export const PLANS_FILE = 'packages/shared/src/plans.ts';
/** The prices the check changes to: odd enough to appear nowhere by chance. */
export const NEW_PRICES = { full: 188_800, list: 288_800, flex: 47_700, renewal: 23_700 };
/**
 * Where each price sits in plans.ts: the full plan's amount and list price, the flex plan's monthly amount, the
 * renewal fee.
 */
const PRICE_FIELDS = {
  full: /(full:\s*\{[^}]*?amountCents:\s*)([\d_]+)/,
  list: /(full:\s*\{[^}]*?listPriceCents:\s*)([\d_]+)/,
  flex: /(flex:\s*\{[^}]*?amountCents:\s*)([\d_]+)/,
  renewal: /(RENEWAL_FEE\s*=\s*\{[^}]*?amountCents:\s*)([\d_]+)/,
};
const FLEX_COUNT = /flex:\s*\{[^}]*?instalments:\s*(\d+)/;

/** The plans source with NEW_PRICES written in, and the amounts (cents) it had. Throws when a field is not found. */
export function changePlanPrices(source, prices = NEW_PRICES) {
  const old = {};
  let changed = source;
  for (const [key, pattern] of Object.entries(PRICE_FIELDS)) {
    const match = changed.match(pattern);
    if (!match)
      throw new Error(`${PLANS_FILE}: no ${key} price found (${pattern}); update price-change-check.mjs`);
    old[key] = Number(match[2].replaceAll('_', ''));
    changed = changed.replace(pattern, `$1${prices[key]}`);
  }
  const count = Number(source.match(FLEX_COUNT)?.[1]);
  if (!count) throw new Error(`${PLANS_FILE}: the flex plan's instalments not found`);
  if (prices.full === old.full || prices.flex === old.flex || prices.renewal === old.renewal)
    throw new Error('the new prices equal the old ones');
  return { source: changed, old: { ...old, flexTotal: old.flex * count }, count };
}

/** US dollars as the texts write them ('$1,997'), as formatUsd does for whole dollars. */
const usd = (cents) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const escapeRegExp = (s) => s.replace(/[$.,]/g, (c) => `\\${c}`);

/**
 * A pattern for the given amounts (cents) in every form a text or a bundle may hold: '$1,997', '1,997', '$1997',
 * '199700' and '199_700'. Amounts under $1,000 only with the dollar sign ('$499'): a bare 499 means many things.
 */
export function pricePattern(amounts) {
  const forms = new Set();
  for (const cents of Object.values(amounts)) {
    const dollars = usd(cents);
    const bare = dollars.slice(1);
    forms.add(`${escapeRegExp(dollars)}(?![\\d,])`);
    if (bare.includes(',')) {
      forms.add(`(?<![\\d,])${escapeRegExp(bare)}(?![\\d,])`);
      forms.add(`\\$${bare.replaceAll(',', '')}(?!\\d)`);
    }
    const raw = String(cents);
    forms.add(`(?<![\\w.])${raw}(?![\\w.])`);
    forms.add(`(?<![\\w.])${raw.replace(/(\d)(?=(\d{3})+$)/g, '$1_')}(?![\\w.])`);
  }
  return new RegExp([...forms].join('|'), 'g');
}

/** Where the pattern occurs in the texts: `{ name, match, context }` for each. */
export function findPrices(texts, pattern) {
  const hits = [];
  for (const { name, text } of texts) {
    for (const m of text.matchAll(pattern)) {
      const context = text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60).replace(/\s+/g, ' ');
      hits.push({ name, match: m[0], context });
    }
  }
  return hits;
}

/** The built files a visitor or a mail can be served from; source maps only echo the source, comments included. */
export function builtTexts(dirs, base = path.dirname(dirs[0])) {
  const texts = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(m?js|html|css|json|txt|xml|svg)$/.test(entry.name))
        texts.push({ name: path.relative(base, file), text: readFileSync(file, 'utf8') });
    }
  };
  for (const dir of dirs) {
    if (!existsSync(dir)) throw new Error(`${dir} is missing: the build did not write it`);
    walk(dir);
  }
  return texts;
}

/** The work tree as it is (tracked and new files, not ignored ones) copied to `to`, sharing node_modules. */
function copyTree(to) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue; // deleted in the work tree
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    copyFileSync(from, path.join(to, file));
  }
  // node_modules: every package from the original, but the workspace's own packages from the copy.
  mkdirSync(path.join(to, 'node_modules', '@soulpunch'), { recursive: true });
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '@soulpunch') continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(to, 'node_modules', name));
  }
  for (const name of readdirSync(path.join(ROOT, 'node_modules', '@soulpunch'))) {
    const target = execFileSync('readlink', [path.join(ROOT, 'node_modules', '@soulpunch', name)], {
      encoding: 'utf8',
    }).trim();
    symlinkSync(target, path.join(to, 'node_modules', '@soulpunch', name));
  }
  for (const workspace of ['apps/server', 'apps/web', 'packages/shared', 'e2e']) {
    const nested = path.join(ROOT, workspace, 'node_modules');
    if (existsSync(nested)) symlinkSync(nested, path.join(to, workspace, 'node_modules'));
  }
}

const run = (cwd, command, args) => execFileSync(command, args, { cwd, stdio: 'inherit', env: process.env });

/** Starts the app of the tree at `cwd` on `dataDir` and returns the texts its probe read. */
function probe(cwd, dataDir, out) {
  run(cwd, 'npx', ['tsx', path.join(cwd, 'scripts/price-change-probe.ts'), dataDir, out]);
  return JSON.parse(readFileSync(out, 'utf8'));
}

function report(title, hits) {
  console.error(`\n${title}:`);
  for (const h of hits.slice(0, 40)) console.error(`  ${h.name}: "${h.match}" in …${h.context}…`);
  if (hits.length > 40) console.error(`  … and ${hits.length - 40} more`);
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'price-change-'));
  const copy = path.join(work, 'repo');
  const dataDir = path.join(work, 'data');
  const failures = [];
  try {
    copyTree(copy);
    const plansFile = path.join(copy, PLANS_FILE);
    const { source, old, count } = changePlanPrices(readFileSync(plansFile, 'utf8'));
    writeFileSync(plansFile, source);
    const oldPattern = pricePattern(old);
    const newPattern = pricePattern({ ...NEW_PRICES, flexTotal: NEW_PRICES.flex * count });
    console.log(
      `Plan prices ${usd(old.full)} / ${usd(old.flex)} a month (renewal fee ${usd(old.renewal)}) changed to ${usd(NEW_PRICES.full)} / ${usd(NEW_PRICES.flex)} (${usd(NEW_PRICES.renewal)}) in a copy (${copy})`,
    );

    // An installation seeded before the change: the unchanged tree starts on the data directory first.
    const before = probe(ROOT, dataDir, path.join(work, 'before.json'));
    for (const category of ['email', 'legal', 'assistant']) {
      const texts = before.filter((t) => t.category === category);
      if (!findPrices(texts, oldPattern).length)
        failures.push(
          `the unchanged tree shows no price in its ${category} texts: the probe reads the wrong texts`,
        );
    }

    run(copy, 'npm', ['run', 'build']);
    const built = builtTexts(
      ['apps/web/dist', 'apps/web/dist-ssr', 'apps/server/dist'].map((dir) => path.join(copy, dir)),
      copy,
    );
    const after = probe(copy, dataDir, path.join(work, 'after.json'));

    const stale = [...findPrices(built, oldPattern), ...findPrices(after, oldPattern)];
    if (stale.length) {
      report('The old price is still stated here (a literal beside the one source?)', stale);
      failures.push(`${stale.length} place(s) state the old price`);
    }
    for (const category of ['page', 'email', 'legal', 'assistant']) {
      if (
        !findPrices(
          after.filter((t) => t.category === category),
          newPattern,
        ).length
      )
        failures.push(`no ${category} text states the new price: the change did not reach them`);
    }
    if (!findPrices(built, newPattern).length)
      failures.push('the built web assets do not state the new price');
    console.log(
      `Checked ${built.length} built files and ${after.length} texts (${[...new Set(after.map((t) => t.category))].join(', ')}) in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  } finally {
    if (process.env.KEEP) console.log(`Kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  if (failures.length) {
    for (const f of failures) console.error(`price change check: ${f}`);
    process.exit(1);
  }
  console.log(
    'price change check: the new price reached every page, e-mail, legal text and assistant answer',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
