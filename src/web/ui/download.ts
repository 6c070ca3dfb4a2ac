import { api } from '../api/client.ts';

/** Fetches a CSV with the bearer token and hands it to the browser as a file download. */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const text = await api.get<string>(path, { auth: true });
  saveCsv(typeof text === 'string' ? text : '', fileName);
}

/** Hands CSV text made in the browser to the user as a file download. */
export function saveCsv(text: string, fileName: string): void {
  saveFile(text, fileName, 'text/csv;charset=utf-8');
}

/** Hands text made in the browser to the user as a file download of the given type. */
export function saveFile(text: string, fileName: string, type: string): void {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
