// The checkout validation function over a 10 000-entry block list: how long the server takes to
// build the metafields, how large the function's input is against the platform's limits, and
// how long one run takes in Node (the input as a JSON string parsed, the function run, its
// output serialised, as the platform's runtime does on stdin and stdout), once with V8's JIT
// and once with --jitless (an interpreter, nearer to how the platform runs JavaScript: compiled
// with Javy into Wasm that embeds the QuickJS interpreter). Also counts the work the run does
// (bytes parsed, filter probes), the figures a Wasm instruction count grows
// with. Then the instruction count itself: the function bundled as Shopify CLI bundles it, run
// by QuickJS compiled to Wasm (the interpreter Javy embeds), its Wasm instructions counted as
// the platform's runtime meters them (bench/wasm-instructions.mjs), against the platform's
// 11 million per run. Prints figures; asserts nothing.
// Run: npx tsx bench/checkout-validation.bench.mjs [--runs 200] [--entries 10000]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildBlockList, falseMatchRate } from '@gatehouse/checkout-validation/block-list';
import { cartValidationsGenerateRun } from '@gatehouse/checkout-validation';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 200);
const ENTRIES = arg('entries', 10_000);
const CHILD = process.argv.includes('--child');

/** A realistic mix: mostly emails, then phones, domains, names, addresses, zips, countries. */
function entries(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = i % 20;
    if (r < 10) out.push({ kind: 'email', value: `buyer.${i}.name@example${i % 97}.com` });
    else if (r < 13) out.push({ kind: 'phone', value: `+1 415 555 ${String(i).padStart(5, '0')}` });
    else if (r < 14) out.push({ kind: 'emailDomain', value: `spam${i}.example` });
    else if (r < 16) out.push({ kind: 'name', value: `First${i} Last${i}` });
    else if (r < 18) out.push({ kind: 'address', value: `${i} Main Street, Apt ${i % 50}` });
    else if (r < 19) out.push({ kind: 'zip', value: String(10000 + i) });
    else out.push({ kind: 'country', value: ['NG', 'RU', 'BR', 'IN'][i % 4] });
  }
  return out;
}

function inputFor(built, email) {
  const part = (i) => (built.parts[i] === undefined ? null : { value: built.parts[i] });
  return {
    cart: {
      buyerIdentity: { email, phone: '+44 20 7946 0000' },
      deliveryGroups: [
        {
          deliveryAddress: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            name: 'Ada Lovelace',
            address1: '12 Analytical Row',
            address2: 'Flat 3',
            zip: 'SW1A 1AA',
            countryCode: 'GB',
            phone: '+44 20 7946 0001',
          },
        },
      ],
    },
    validation: {
      settings: { value: JSON.stringify(built.settings) },
      part0: part(0),
      part1: part(1),
      part2: part(2),
      part3: part(3),
      part4: part(4),
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p99 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)];
const ms = (x) => `${x.toFixed(3)} ms`;

/** One run as the platform does it: parse stdin's JSON, run, serialise the answer. */
function runOnce(text) {
  const started = process.hrtime.bigint();
  const output = JSON.stringify(cartValidationsGenerateRun(JSON.parse(text)));
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, output };
}

/** The function's input for a buyer not on the list, and for one who is. */
function inputs() {
  const list = entries(ENTRIES);
  const buildStart = process.hrtime.bigint();
  const built = buildBlockList(list, 'We cannot accept this order.');
  const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
  const notListed = JSON.stringify(inputFor(built, 'someone.new@example.org'));
  const listed = JSON.stringify(inputFor(built, list[0].value));
  return { built, buildMs, notListed, listed };
}

/**
 * Wasm instructions of one run in QuickJS: the input parsed, the function run, its answer
 * serialised. Loading the function's code is counted apart: Javy compiles it to QuickJS
 * bytecode when the function is built, so the platform's count does not include compiling it.
 */
async function countInstructions(notListed, listed) {
  // Imported here: the --jitless child has no WebAssembly.
  const { default: quickjsRelease } = await import('@jitl/quickjs-wasmfile-release-sync');
  const { build } = await import('esbuild');
  const { newQuickJSWASMModuleFromVariant, newVariant } = await import('quickjs-emscripten-core');
  const { instrument, selfCheck } = await import('./wasm-instructions.mjs');
  const wasm = readFileSync(
    createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'),
  );
  const counting = instrument(wasm);
  let counter;
  const variant = newVariant(quickjsRelease, {
    wasmBinary: counting.buffer,
    emscriptenModule: {
      instantiateWasm(imports, done) {
        void WebAssembly.instantiate(counting, imports).then(({ instance, module }) => {
          counter = instance.exports.gas_counter;
          done(instance, module);
        });
        return {};
      },
    },
  });
  const quickjs = await newQuickJSWASMModuleFromVariant(variant);
  const vm = quickjs.newContext();
  const bundle = await build({
    entryPoints: [fileURLToPath(import.meta.resolve('@gatehouse/checkout-validation'))],
    bundle: true,
    format: 'iife',
    globalName: 'gatehouseFunction',
    target: 'es2020',
    write: false,
  });
  const counted = (code) => {
    const before = counter.value;
    const handle = vm.unwrapResult(vm.evalCode(code));
    const after = counter.value;
    const value = vm.dump(handle);
    handle.dispose();
    return { instructions: Number(after - before), value };
  };
  const load = counted(`${bundle.outputFiles[0].text};0`).instructions;
  const run = (text) => {
    const input = vm.newString(text);
    vm.setProp(vm.global, 'INPUT', input);
    input.dispose();
    const parse = counted('globalThis.parsed = JSON.parse(INPUT); 0').instructions;
    const decide = counted(
      'globalThis.answer = gatehouseFunction.cartValidationsGenerateRun(parsed); 0',
    ).instructions;
    const serialise = counted('JSON.stringify(answer)');
    const whole = counted(
      'JSON.stringify(gatehouseFunction.cartValidationsGenerateRun(JSON.parse(INPUT)))',
    );
    return {
      parse,
      decide,
      serialise: serialise.instructions,
      whole: whole.instructions,
      errors: JSON.parse(whole.value).operations[0].validationAdd.errors.length,
    };
  };
  const result = { load, notListed: run(notListed), listed: run(listed), check: await selfCheck() };
  vm.dispose();
  return result;
}

function measure() {
  const { built, buildMs, notListed, listed } = inputs();
  const first = runOnce(notListed);
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(runOnce(i % 2 ? listed : notListed).ms);
  return {
    buildMs,
    inputBytes: Buffer.byteLength(notListed),
    parts: built.parts.length,
    bits: built.settings.bits,
    k: built.settings.k,
    keys: built.keys,
    falseMatch: falseMatchRate(built.settings, built.keys),
    firstMs: first.ms,
    medianMs: median(times),
    p99Ms: p99(times),
    blocked: JSON.parse(runOnce(listed).output).operations[0].validationAdd.errors.length,
  };
}

if (CHILD) {
  process.stdout.write(JSON.stringify(measure()));
} else {
  const jit = measure();
  const child = spawnSync(
    process.execPath,
    [
      '--jitless',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--child',
      '--runs',
      String(Math.max(20, Math.floor(RUNS / 4))),
      '--entries',
      String(ENTRIES),
    ],
    { encoding: 'utf8', timeout: 10 * 60_000 },
  );
  const jitless = child.status === 0 ? JSON.parse(child.stdout) : null;

  // The work one run does, whatever the engine: the buyer's values looked up (email, its two
  // domain suffixes, phone, name, street and street with its second line, zip, country, the
  // address's phone), each k probes of the filter.
  const lookups = 10;
  const probes = lookups * jit.k;

  console.log(`Checkout validation function, ${ENTRIES.toLocaleString('en')} entries`);
  console.log(`  server build of the metafields: ${ms(jit.buildMs)}`);
  console.log(
    `  filter: ${jit.keys.toLocaleString('en')} values, ${jit.bits.toLocaleString('en')} bits, k = ${jit.k}, ${jit.parts} parts of ≤ 10 000 bytes; false match per compared value ${jit.falseMatch.toExponential(1)}`,
  );
  console.log(
    `  input JSON: ${jit.inputBytes.toLocaleString('en')} bytes (platform limit 64 000; per metafield 10 000)`,
  );
  console.log(
    `  work per run: parse ${jit.inputBytes.toLocaleString('en')} bytes, ${lookups} lookups × k = ${probes} probes`,
  );
  console.log(
    `  Node with JIT:  first run ${ms(jit.firstMs)}, median ${ms(jit.medianMs)}, p99 ${ms(jit.p99Ms)} (${RUNS} runs; listed buyer errors: ${jit.blocked})`,
  );
  if (jitless) {
    console.log(
      `  Node --jitless: first run ${ms(jitless.firstMs)}, median ${ms(jitless.medianMs)}, p99 ${ms(jitless.p99Ms)}`,
    );
  } else {
    console.log(`  Node --jitless: could not run (${child.stderr?.slice(0, 200)})`);
  }

  const { notListed, listed } = inputs();
  const wasm = await countInstructions(notListed, listed);
  const n = (x) => x.toLocaleString('en');
  const LIMIT = 11_000_000;
  console.log(
    `  Wasm instructions in QuickJS (the counter counted a known loop as ${n(wasm.check.counted)}, exactly ${n(wasm.check.expected)}):`,
  );
  console.log(
    `    loading the function's code: ${n(wasm.load)} (Javy compiles it ahead; not in the platform's count)`,
  );
  for (const [who, r] of [
    ['buyer not listed', wasm.notListed],
    ['listed buyer', wasm.listed],
  ]) {
    console.log(
      `    ${who}: parse ${n(r.parse)} + run ${n(r.decide)} + serialise ${n(r.serialise)}; whole run ${n(r.whole)} = ${((r.whole * 100) / LIMIT).toFixed(0)} % of the ${n(LIMIT)} limit (errors: ${r.errors})`,
    );
  }
}
