import { brandIconSvg, brandManifest } from '@evc/brands';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';

/**
 * Per-brand web assets, outside the API: the installable-app manifest of the brand the requested
 * host shows (index.html links it) and each brand's icon (the app's favicon and top bar use it).
 * The built app ships neither path (its PWA plugin makes no manifest) and app.ts keeps
 * /brand-icon out of the app's index.html fallback.
 */
export function registerBrandRoutes(app: FastifyInstance): void {
  app.get('/manifest.webmanifest', (request, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      // One address, a different manifest per host.
      .header('cache-control', 'no-cache')
      .header('vary', 'Host, X-Forwarded-Host')
      .send(JSON.stringify(brandManifest(request.host))),
  );

  app.get<{ Params: { file: string } }>('/brand-icon/:file', (request, reply) => {
    const id = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
    const svg = id ? brandIconSvg(id) : undefined;
    if (!svg) throw new AppError(404, 'NOT_FOUND', `No brand icon ${request.params.file}`);
    return (
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        // Opened on its own, the document may not run or load anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg)
    );
  });
}
