import { api } from '../api/client.ts';

/** Fetches a CSV with the bearer token and hands it to the browser as a file download. */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const text = await api.get<string>(path, { auth: true });
  const blob = new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
