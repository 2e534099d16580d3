import { brandIconSvg, brandManifest } from '@evc/brands';
import type { FastifyInstance } from 'fastify';

/** The host a request was made to, without its port. */
function requestHost(hostHeader: string | undefined): string {
  return (hostHeader ?? 'localhost').replace(/:\d+$/, '');
}

/**
 * Per-brand web assets the app links from index.html: the installable-app manifest of the brand
 * the requested host shows, and each brand's icon.
 */
export function registerBrandRoutes(app: FastifyInstance): void {
  app.get('/manifest.webmanifest', (request, reply) => {
    const manifest = brandManifest(requestHost(request.hostname));
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Host')
      .send(JSON.stringify(manifest));
  });

  app.get<{ Params: { file: string } }>('/brand-icon/:file', (request, reply) => {
    const match = /^([a-z0-9-]+)\.svg$/.exec(request.params.file);
    const svg = match?.[1] ? brandIconSvg(match[1]) : undefined;
    if (!svg) {
      return reply
        .status(404)
        .send({ message: `No brand icon ${request.params.file}`, code: 'NOT_FOUND' });
    }
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(svg);
  });
}
