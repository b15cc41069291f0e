// The merchant's protection calls, composed from the blockers' contracts: Country Blocker,
// the IP block list (/ipBlocker) and allow list (/whiteLists), and General Settings. The contracts check shape; the server checks meaning
// (addresses, countries, URLs) with the engine's compile(), answering 400 with its message.
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { countryBlockerSettings } from './country-blocker.js';
import { generalSettings, generalSettingsView } from './general-settings.js';
import { csvCommitRequest, csvCommitResult, csvImportRequest, csvPreview } from './csv-import.js';
import {
  ipAddRequest,
  ipAddResult,
  ipDeleteRequest,
  ipEntry,
  ipListPage,
  ipListQuery,
  ipUpdateRequest,
  type IpListId,
} from './ip-lists.js';

export { blockAction, protectionMessages, type BlockAction } from './protection-fields.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

function ipListCalls<L extends IpListId>(list: L) {
  return {
    list: call({
      method: 'GET',
      path: `/api/${list}/list` as const,
      request: ipListQuery,
      response: ipListPage,
    }),
    add: call({
      method: 'POST',
      path: `/api/${list}/add` as const,
      request: ipAddRequest,
      response: ipAddResult,
    }),
    update: call({
      method: 'POST',
      path: `/api/${list}/update` as const,
      request: ipUpdateRequest,
      response: ipEntry,
    }),
    delete: call({
      method: 'POST',
      path: `/api/${list}/delete` as const,
      request: ipDeleteRequest,
      response: z.object({ deleted: z.number() }),
    }),
    importPreview: call({
      method: 'POST',
      path: `/api/${list}/importPreview` as const,
      request: csvImportRequest,
      response: csvPreview,
    }),
    importCommit: call({
      method: 'POST',
      path: `/api/${list}/importCommit` as const,
      request: csvCommitRequest,
      response: csvCommitResult,
    }),
  };
}

const blockList = ipListCalls('ipBlocker');
const allowList = ipListCalls('whiteLists');

export const protectionApi = {
  getCountryBlocker: call({
    method: 'GET',
    path: '/api/regionBlocker/get',
    request: z.object({}),
    response: countryBlockerSettings,
  }),
  saveCountryBlocker: call({
    method: 'POST',
    path: '/api/regionBlocker/save',
    request: countryBlockerSettings,
    response: countryBlockerSettings,
  }),
  listIpBlocker: blockList.list,
  addIpBlocker: blockList.add,
  updateIpBlocker: blockList.update,
  deleteIpBlocker: blockList.delete,
  previewIpBlockerImport: blockList.importPreview,
  commitIpBlockerImport: blockList.importCommit,
  listWhiteLists: allowList.list,
  addWhiteLists: allowList.add,
  updateWhiteLists: allowList.update,
  deleteWhiteLists: allowList.delete,
  previewWhiteListsImport: allowList.importPreview,
  commitWhiteListsImport: allowList.importCommit,
  getGeneralSettings: call({
    method: 'GET',
    path: '/api/settings/get',
    request: z.object({}),
    response: generalSettingsView,
  }),
  saveGeneralSettings: call({
    method: 'POST',
    path: '/api/settings/save',
    request: generalSettings,
    response: generalSettingsView,
  }),
} as const;

/** The calls of one IP list, by list id. */
export const ipListApi = {
  ipBlocker: blockList,
  whiteLists: allowList,
} as const;
