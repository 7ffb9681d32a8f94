import { type CanActivate, type ExecutionContext, Injectable, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { controlCharacterError, inspectRequest, type RouteTemplate } from './control-characters.js';

/**
 * Control characters are refused before any handler runs (issue 8, F2), in two places that
 * together leave no way around them:
 *
 * 1. `refuseControlCharacters` (main.ts), an Express middleware near the top of the stack, right
 *    after the CSRF check and the JSON body parser: path, query and body of every request, before
 *    the plain Express routes (`/api/csrf`), the queue dashboard and the pages. Pages (any path
 *    outside /api and /admin) are let through: the page renderer answers them with the 404 page.
 * 2. `InputCheckModule`, a global guard: every Nest route checks path, query and body again
 *    before its other guards (the caller's identification among them), pipes and handler run,
 *    whatever parsed the body (a route that brings its own parser, like a signed payment callback,
 *    included). It scans
 *    only what the middleware has not seen: a request whose body is still the one the middleware
 *    inspected is not walked twice (path and query cannot change in between). A guard, not
 *    Nest middleware: middleware for all methods would be registered as an `all()` route.
 *
 * Path parameters are named as the router names them (`product_code`, `slug`).
 */
export function refuseControlCharacters() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (isPagePath(req.path)) return next();
    const problems = inspectRequest(req, () => routesOf(req.app));
    if (!problems.length) (req as Inspected)[INSPECTED_BODY] = req.body as unknown;
    next(problems.length ? controlCharacterError(problems) : undefined);
  };
}

/** The body `refuseControlCharacters` passed, kept on the request so the guard need not walk it again. */
const INSPECTED_BODY = Symbol('inspected-body');
type Inspected = Request & { [INSPECTED_BODY]?: unknown };

/** Server-rendered pages: everything but the API and the operators' pages (spelled in any case). */
function isPagePath(path: string): boolean {
  return !/^\/(api|admin)(\/|$)/i.test(path);
}

@Injectable()
export class ControlCharacterGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (INSPECTED_BODY in req && (req as Inspected)[INSPECTED_BODY] === req.body) return true;
    const problems = inspectRequest(req, () => routesOf(req.app));
    if (problems.length) throw controlCharacterError(problems);
    return true;
  }
}

/** The routes of the Express app (Nest's and plain ones) as templates; read only for a refused path. */
export function routesOf(app: unknown): RouteTemplate[] {
  const stack = (app as { router?: { stack?: unknown[] } } | undefined)?.router?.stack ?? [];
  const routes: RouteTemplate[] = [];
  for (const layer of stack) {
    const route = (layer as { route?: { path?: unknown; methods?: Record<string, boolean> } }).route;
    if (!route || typeof route.path !== 'string') continue;
    const methods = Object.keys(route.methods ?? {});
    routes.push({ path: route.path, methods: methods.includes('_all') ? 'all' : methods.map((m) => m.toUpperCase()) });
  }
  return routes;
}

@Module({ providers: [{ provide: APP_GUARD, useClass: ControlCharacterGuard }] })
export class InputCheckModule {}
