import type { HoldRequester } from "./hold";

/** An API payout's requester: the key (held only when the owner turned API holds on). */
export const apiRequester = (auth: { keyId: string; keyLabel: string }): HoldRequester => ({ source: "api", requestedBy: { type: "api_key", id: auth.keyId, label: auth.keyLabel } });

/** A dashboard payout's requester: the member who confirmed it. */
export const dashboardRequester = (user: { id: string; email: string }): HoldRequester => ({ source: "dashboard", requestedBy: { type: "user", id: user.id, label: user.email } });
