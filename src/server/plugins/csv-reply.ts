import type { FastifyReply } from 'fastify';

/** Sends a CSV download: UTF-8, never cached, saved under `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
