import { notFoundRoute } from "@/server/http/not-found";

// Any /api/v1 path no route file matches: 404 in the envelope, whatever the method.
export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoute;
