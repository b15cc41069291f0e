// App-data metafields: values an app keeps on its own installation of a shop
// (`currentAppInstallation.metafields`), readable by its theme app extension as
// `app.metafields.<namespace>.<key>`, and the configuration it keeps on its validations (read by the
// validation function through its input query). Set atomically, at most 25 at a time, and gone
// when the app is uninstalled.
import { createHash } from 'node:crypto';
import type { EmulatorContext } from '../context.js';
import type { AppMetafieldRecord, InstallationRecord } from '../state/types.js';
import { METAFIELD_TYPES, isMetafieldType, normaliseValue } from './metafield-types.js';

/** The registered app's numeric id (its GID is gid://shopify/App/1). */
export const APP_ID = 1;
export const MAX_SET_INPUTS = 25;

const NAME_CHARACTERS = /^[A-Za-z0-9_-]+$/;

export interface MetafieldsSetInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  type?: string | null;
  value: string;
  /** Absent: no check; null: the metafield must not exist yet; a digest: it must match. */
  compareDigest?: string | null;
}

export interface MetafieldsSetError {
  field: string[];
  message: string;
  code: string;
  elementIndex: number | null;
}

/** `$app` and `$app:<suffix>` are the app's reserved namespaces, as on the platform. */
export function resolveNamespace(namespace: string | null | undefined): string {
  if (namespace === null || namespace === undefined || namespace === '$app') {
    return `app--${APP_ID}`;
  }
  if (namespace.startsWith('$app:')) return `app--${APP_ID}--${namespace.slice(5)}`;
  return namespace;
}

/** Opaque, changes whenever the stored value or type does. */
export function compareDigest(record: AppMetafieldRecord): string {
  return createHash('sha256').update(`${record.type}\n${record.value}`).digest('hex');
}

export function installationMetafields(
  context: EmulatorContext,
  installation: InstallationRecord,
): AppMetafieldRecord[] {
  return context.store.state.appMetafields.filter(
    (m) => m.shop === installation.shop && m.installationId === installation.id && !m.owner,
  );
}

/** The app's metafields on one of its validations. */
export function ownedMetafields(
  context: EmulatorContext,
  installation: InstallationRecord,
  owner: string,
): AppMetafieldRecord[] {
  return context.store.state.appMetafields.filter(
    (m) =>
      m.shop === installation.shop && m.installationId === installation.id && m.owner === owner,
  );
}

export function findMetafield(
  context: EmulatorContext,
  installation: InstallationRecord,
  namespace: string,
  key: string,
  owner?: string,
): AppMetafieldRecord | undefined {
  const candidates = owner
    ? ownedMetafields(context, installation, owner)
    : installationMetafields(context, installation);
  return candidates.find((m) => m.namespace === namespace && m.key === key);
}

/** Checks a name (namespace 3–255, key 2–64 characters) and returns the problem, if any. */
function nameError(label: 'Namespace' | 'Key', value: string, min: number, max: number) {
  if (value === '') return { message: `${label} can't be blank.`, code: 'BLANK' };
  if (value.length < min) {
    return { message: `${label} is too short (minimum is ${min} characters).`, code: 'TOO_SHORT' };
  }
  if (value.length > max) {
    return { message: `${label} is too long (maximum is ${max} characters).`, code: 'TOO_LONG' };
  }
  if (!NAME_CHARACTERS.test(value)) {
    return { message: `${label} contains one or more invalid characters.`, code: 'INVALID' };
  }
  return null;
}

/**
 * Why the owner is not acceptable, or null. The installation (app data) and the shop's
 * validations own metafields here.
 */
function ownerError(
  context: EmulatorContext,
  installation: InstallationRecord,
  ownerId: string,
): string | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(ownerId);
  if (!match) return 'Owner does not exist.';
  if (match[1] === 'AppInstallation') {
    return Number(match[2]) === installation.id ? null : 'Owner does not exist.';
  }
  if (match[1] === 'Validation') {
    const found = (context.store.state.validations ?? []).some(
      (v) => v.shop === installation.shop && v.id === Number(match[2]),
    );
    return found ? null : 'Owner does not exist.';
  }
  return `Only app-data metafields are emulated: ownerId must be currentAppInstallation.id, not a ${match[1]}.`;
}

/** The owner a metafield is stored under: absent for the installation's own (app data). */
const ownerOf = (input: MetafieldsSetInput) =>
  input.ownerId.startsWith('gid://shopify/Validation/') ? input.ownerId : undefined;

type Validated =
  { ok: true; records: AppMetafieldRecord[] } | { ok: false; errors: MetafieldsSetError[] };

/** Validates every input first and writes only when all pass (the mutation is atomic). */
export function setMetafields(
  context: EmulatorContext,
  installation: InstallationRecord,
  inputs: readonly MetafieldsSetInput[],
): Validated {
  if (inputs.length > MAX_SET_INPUTS) {
    return {
      ok: false,
      errors: [
        {
          field: ['metafields'],
          message: `Exceeded the maximum metafields input limit of ${MAX_SET_INPUTS}.`,
          code: 'LESS_THAN_OR_EQUAL_TO',
          elementIndex: null,
        },
      ],
    };
  }
  const errors: MetafieldsSetError[] = [];
  const planned: { input: MetafieldsSetInput; namespace: string; type: string; value: string }[] =
    [];
  inputs.forEach((input, index) => {
    const fail = (field: string, message: string, code: string) =>
      errors.push({
        field: ['metafields', String(index), field],
        message,
        code,
        elementIndex: index,
      });
    const owner = ownerError(context, installation, input.ownerId);
    if (owner) return fail('ownerId', owner, 'INVALID');
    const namespace = resolveNamespace(input.namespace);
    const badNamespace = nameError('Namespace', namespace, 3, 255);
    if (badNamespace) return fail('namespace', badNamespace.message, badNamespace.code);
    const badKey = nameError('Key', input.key, 2, 64);
    if (badKey) return fail('key', badKey.message, badKey.code);
    const existing = findMetafield(context, installation, namespace, input.key, ownerOf(input));
    if (input.compareDigest !== undefined) {
      const current = existing ? compareDigest(existing) : null;
      if (input.compareDigest !== current) {
        return fail(
          'compareDigest',
          'The resource has been updated since it was loaded. Try again with an updated `compareDigest` value.',
          'STALE_OBJECT',
        );
      }
    }
    const type = input.type ?? existing?.type ?? null;
    if (type === null || type === '') return fail('type', "Type can't be blank.", 'BLANK');
    if (!isMetafieldType(type)) {
      return fail(
        'type',
        `Type '${type}' is not supported here; use one of ${METAFIELD_TYPES.join(', ')}.`,
        'INVALID_TYPE',
      );
    }
    if (input.value === '') return fail('value', "Value can't be blank.", 'BLANK');
    const checked = normaliseValue(type, input.value);
    if (!checked.ok) return fail('value', checked.message, 'INVALID_VALUE');
    planned.push({ input, namespace, type, value: checked.value });
  });
  if (errors.length > 0) return { ok: false, errors };

  const now = new Date().toISOString();
  const records = planned.map(({ input, namespace, type, value }) => {
    const existing = findMetafield(context, installation, namespace, input.key, ownerOf(input));
    if (existing) {
      if (existing.type !== type || existing.value !== value) existing.updatedAt = now;
      existing.type = type;
      existing.value = value;
      return existing;
    }
    const record: AppMetafieldRecord = {
      id: context.store.nextId(),
      shop: installation.shop,
      installationId: installation.id,
      namespace,
      key: input.key,
      type,
      value,
      ...(ownerOf(input) ? { owner: input.ownerId } : {}),
      createdAt: now,
      updatedAt: now,
    };
    context.store.state.appMetafields.push(record);
    return record;
  });
  context.store.save();
  return { ok: true, records };
}

/** Deletes one metafield of this installation; false if there was none. */
export function deleteMetafield(
  context: EmulatorContext,
  installation: InstallationRecord,
  namespace: string,
  key: string,
): boolean {
  const found = findMetafield(context, installation, namespace, key);
  if (!found) return false;
  context.store.state.appMetafields = context.store.state.appMetafields.filter((m) => m !== found);
  context.store.save();
  return true;
}

/** Forgets every app-data metafield on the shop (uninstall); the caller saves. */
export function removeShopMetafields(context: EmulatorContext, shop: string): void {
  context.store.state.appMetafields = context.store.state.appMetafields.filter(
    (m) => m.shop !== shop,
  );
}
