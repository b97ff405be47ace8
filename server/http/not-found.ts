import { errors } from "../errors";
import { HTTP_METHODS, servedBoth, type HttpMethod, type RouteHandler } from "./api-route";
import { errorResponse } from "./envelope";

const handler: RouteHandler = servedBoth(async () => errorResponse(errors.notFound()));

export const notFoundRoute = Object.fromEntries(HTTP_METHODS.map((m) => [m, handler])) as Record<HttpMethod, RouteHandler>;
