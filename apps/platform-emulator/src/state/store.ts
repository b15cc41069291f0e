// The emulator's store: all platform state in one object, written to the state file after
// every change (temp file + rename, so a crash never leaves half a file) or kept in memory.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { newShop, seedState } from './seed.js';
import type { EmulatorState, ShopRecord } from './types.js';

/** Deliveries kept in the log; older ones are dropped first. */
const MAX_DELIVERIES = 500;

export class EmulatorStore {
  state: EmulatorState;

  private constructor(
    private readonly stateFile: string | null,
    state: EmulatorState,
  ) {
    this.state = state;
  }

  static open(stateFile: string | null): EmulatorStore {
    if (stateFile && existsSync(stateFile)) {
      return new EmulatorStore(stateFile, readState(stateFile));
    }
    const store = new EmulatorStore(stateFile, seedState());
    store.save();
    return store;
  }

  /** Saves after a change; call once per logical change. */
  save(): void {
    if (this.state.deliveries.length > MAX_DELIVERIES) {
      this.state.deliveries = this.state.deliveries.slice(-MAX_DELIVERIES);
    }
    if (!this.stateFile) return;
    mkdirSync(dirname(this.stateFile), { recursive: true });
    const temp = `${this.stateFile}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.state, null, 2));
    renameSync(temp, this.stateFile);
  }

  reset(): void {
    this.state = seedState();
    this.save();
  }

  nextId(): number {
    this.state.nextId += 1;
    return this.state.nextId;
  }

  shop(domain: string): ShopRecord | undefined {
    return this.state.shops[domain];
  }

  /** The shop, created on the fly the first time a merchant of that domain shows up. */
  ensureShop(domain: string): ShopRecord {
    const existing = this.state.shops[domain];
    if (existing) return existing;
    const shopId = 60_000_000_000 + this.nextId();
    const shop = newShop(domain, { shopId, themeId: this.nextId() }, new Date().toISOString());
    this.state.shops[domain] = shop;
    this.save();
    return shop;
  }
}

function readState(stateFile: string): EmulatorState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch (error) {
    throw new Error(`Emulator state file ${stateFile} is not valid JSON: ${String(error)}`, {
      cause: error,
    });
  }
  const state = parsed as Partial<EmulatorState> | null;
  if (
    !state ||
    state.version !== 1 ||
    typeof state.shops !== 'object' ||
    typeof state.installations !== 'object' ||
    !Array.isArray(state.webhookSubscriptions) ||
    !Array.isArray(state.deliveries)
  ) {
    throw new Error(
      `Emulator state file ${stateFile} is not a version 1 state file; delete it to start from the seed`,
    );
  }
  // Files written before billing, metafields or orders existed have none of them yet.
  return {
    authCodes: {},
    nextId: 1000,
    appSubscriptions: [],
    appUsageRecords: [],
    appMetafields: [],
    orders: [],
    customers: [],
    inventory: {},
    ...state,
  } as EmulatorState;
}
