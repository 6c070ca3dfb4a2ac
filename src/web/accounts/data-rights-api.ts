import { londonToday } from '../../domain/dates.ts';
import { api, request } from '../api/client.ts';
import { saveCsv, saveFile } from '../ui/download.ts';

/** Members' data rights (issue 27, docs/decisions/0050): the download and the deletion. */
const EXPORT_PATH = '/profile/export/';

/** Fetches everything held about the account and saves it as a file (JSON or CSV). */
export async function downloadMyData(format: 'json' | 'csv', username: string): Promise<void> {
  const name = `piste-data-${username}-${londonToday()}`;
  if (format === 'csv') {
    const text = await api.get<string>(`${EXPORT_PATH}?format=csv`, { auth: true });
    saveCsv(typeof text === 'string' ? text : '', `${name}.csv`);
    return;
  }
  const data = await api.get<unknown>(EXPORT_PATH, { auth: true });
  saveFile(JSON.stringify(data, null, 2), `${name}.json`, 'application/json;charset=utf-8');
}

/** Deletes the signed-in account (its password asked again). */
export function deleteMyAccount(password: string): Promise<{ message: string }> {
  return request<{ message: string }>('/profile/', { method: 'DELETE', body: { password }, auth: true });
}
