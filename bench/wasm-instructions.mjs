// Counts the WebAssembly instructions a module runs, the way the platform's function runtime
// meters a function (wasmtime's fuel: one unit per operator; entering a block or loop, `end`,
// `drop`, `nop`, `return` and `unreachable` free). The module is rewritten with Binaryen: an
// exported i64 global `gas_counter`, to which each straight-line region of code adds its count
// of operators as it is entered. A region starts at a block's start, just after a child that
// holds control flow or may branch away (where a branch lands), and at each arm of an `if` and
// each loop iteration, so code that is jumped over is never charged. `selfCheck` counts a
// module whose exact count is known.
import binaryen from 'binaryen';

const B = binaryen;
const FREE = new Set([B.DropId, B.ReturnId, B.UnreachableId, B.NopId]);
const BRANCHES = new Set([B.BreakId, B.SwitchId, B.ReturnId, B.UnreachableId]);
const isControl = (id) => id === B.BlockId || id === B.LoopId || id === B.IfId;

/** An expression's fields (getExpressionInfo cannot describe `unreachable`). */
const infoOf = (e) =>
  B.getExpressionId(e) === B.UnreachableId ? { id: B.UnreachableId } : B.getExpressionInfo(e);

/** The operands of an expression that is not a block, loop or if, in evaluation order. */
function operands(info) {
  switch (info.id) {
    case B.BreakId:
    case B.SwitchId:
      return [info.value, info.condition];
    case B.CallId:
      return info.operands;
    case B.CallIndirectId:
      return [...info.operands, info.target];
    case B.BinaryId:
      return [info.left, info.right];
    case B.SelectId:
      return [info.ifTrue, info.ifFalse, info.condition];
    case B.StoreId:
      return [info.ptr, info.value];
    case B.LoadId:
      return [info.ptr];
    case B.MemoryFillId:
      return [info.dest, info.value, info.size];
    case B.MemoryCopyId:
      return [info.dest, info.source, info.size];
    case B.MemoryGrowId:
      return [info.delta];
    case B.LocalSetId:
    case B.GlobalSetId:
    case B.UnaryId:
    case B.DropId:
    case B.ReturnId:
      return [info.value];
    case B.LocalGetId:
    case B.GlobalGetId:
    case B.ConstId:
    case B.MemorySizeId:
    case B.NopId:
    case B.UnreachableId:
      return [];
    default:
      throw new Error(`expression kind ${info.id} is not counted yet`);
  }
}

/** @param {Uint8Array} bytes a Wasm module @returns {Uint8Array} the module, counting */
export function instrument(bytes) {
  const mod = B.readBinary(bytes);
  mod.setFeatures(
    mod.getFeatures() |
      B.Features.MutableGlobals |
      B.Features.BulkMemory |
      B.Features.BulkMemoryOpt |
      B.Features.SignExt |
      B.Features.NontrappingFPToInt,
  );
  mod.addGlobal('gas_counter', B.i64, true, mod.i64.const(0n));
  mod.addGlobalExport('gas_counter', 'gas_counter');
  const charge = (n) =>
    mod.global.set(
      'gas_counter',
      mod.i64.add(mod.global.get('gas_counter', B.i64), mod.i64.const(BigInt(n))),
    );

  /** Operators of e's own region: e and its operands; a nested block or loop is free, an if one (and its condition). */
  function own(e) {
    const info = infoOf(e);
    if (info.id === B.IfId) return 1 + own(info.condition);
    if (isControl(info.id)) return 0;
    let n = FREE.has(info.id) ? 0 : 1;
    for (const k of operands(info)) if (k) n += own(k);
    return n;
  }
  /** Whether execution may leave e's region part-way, or land just after it. */
  function splits(e) {
    const info = infoOf(e);
    if (isControl(info.id) || BRANCHES.has(info.id)) return true;
    return operands(info).some((k) => k && splits(k));
  }
  /** Charges every region inside e (e's own region is charged by its parent). */
  function visit(e) {
    const info = infoOf(e);
    if (info.id === B.BlockId) {
      const children = info.children;
      for (const c of children) visit(c);
      const starts = [0];
      children.forEach((c, i) => {
        if (i + 1 < children.length && splits(c)) starts.push(i + 1);
      });
      for (let s = starts.length - 1; s >= 0; s--) {
        const end = s + 1 < starts.length ? starts[s + 1] : children.length;
        let n = 0;
        for (let i = starts[s]; i < end; i++) n += own(children[i]);
        if (n > 0) B.Block.insertChildAt(e, starts[s], charge(n));
      }
    } else if (info.id === B.LoopId) {
      visit(info.body);
      if (B.getExpressionId(info.body) !== B.BlockId) {
        B.Loop.setBody(e, mod.block(null, [charge(own(info.body)), info.body], info.type));
      }
    } else if (info.id === B.IfId) {
      visit(info.condition);
      for (const [arm, set] of [
        [info.ifTrue, B.If.setIfTrue],
        [info.ifFalse, B.If.setIfFalse],
      ]) {
        if (!arm) continue;
        visit(arm);
        if (B.getExpressionId(arm) !== B.BlockId) {
          set(e, mod.block(null, [charge(own(arm)), arm], info.type));
        }
      }
    } else {
      for (const k of operands(info)) if (k) visit(k);
    }
  }

  for (let f = 0; f < mod.getNumFunctions(); f++) {
    const fn = mod.getFunctionByIndex(f);
    const { body, results } = B.getFunctionInfo(fn);
    if (!body) continue; // an import
    visit(body);
    if (B.getExpressionId(body) !== B.BlockId) {
      B.Function.setBody(fn, mod.block(null, [charge(own(body)), body], results));
    }
  }
  if (!mod.validate()) throw new Error('the counting module does not validate');
  const out = mod.emitBinary();
  mod.dispose();
  return out;
}

/**
 * Counts a loop whose exact count is known: 1 000 iterations of 12 operators, then one
 * `local.get`. @returns {Promise<{ expected: bigint, counted: bigint }>}
 */
export async function selfCheck() {
  const m = new B.Module();
  const get = (i) => m.local.get(i, B.i32);
  m.addFunction(
    'sum',
    B.createType([B.i32]),
    B.i32,
    [B.i32, B.i32],
    m.block(
      null,
      [
        m.loop(
          'next',
          m.block(null, [
            m.local.set(2, m.i32.add(get(2), get(1))),
            m.local.set(1, m.i32.add(get(1), m.i32.const(1))),
            m.br('next', m.i32.lt_u(get(1), get(0))),
          ]),
        ),
        get(2),
      ],
      B.i32,
    ),
  );
  m.addFunctionExport('sum', 'sum');
  const bytes = m.emitBinary();
  m.dispose();
  const { instance } = await WebAssembly.instantiate(instrument(bytes));
  instance.exports.sum(1000);
  return { expected: 12_001n, counted: instance.exports.gas_counter.value };
}
