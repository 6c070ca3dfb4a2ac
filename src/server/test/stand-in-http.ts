import type { IncomingMessage } from 'node:http';

/** A request's body as text (the payment providers' stand-ins). */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}
