/**
 * Compile-time check that a response schema's output type and the service's view type
 * are assignable both ways, so the document cannot drift from the TypeScript the handlers
 * return. `assertSameShape<Schema, View>()` is a type error when they differ.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export function assertSameShape<A, B>(..._proof: SameShape<A, B> extends true ? [] : [never]): void {}
