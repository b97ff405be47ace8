import { HTTP_METHODS, notFound, type HttpMethod, type RouteHandler } from "./api-route";

/** The catch-all route's exports (app/api/v1/[...path]): 404 in the envelope, whatever the method. */
export const notFoundRoute = Object.fromEntries(HTTP_METHODS.map((m) => [m, notFound])) as Record<HttpMethod, RouteHandler>;
