import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildApi } from './build-api';
import type { FaxDeskApi } from '../shared/ipc/contract';

const api = buildApi(ipcRenderer, (file) => webUtils.getPathForFile(file)) satisfies FaxDeskApi;
contextBridge.exposeInMainWorld('faxdesk', api);
