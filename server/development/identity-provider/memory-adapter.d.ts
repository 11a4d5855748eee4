/** oidc-provider's own in-memory store, given explicitly so the provider does not warn that it is one (it is meant to be here). */
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { AdapterFactory } from 'oidc-provider';
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}
