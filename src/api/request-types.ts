/**
 * Request types whose schemas live in contract.ts without a type name there. Inferred, not written.
 */
import type * as v from 'valibot';
import type {
  DomainValidationQuerySchema,
  JobQuerySchema,
  JobsByEmailRequestSchema,
  SupportResponseSchema,
  TokenQuerySchema,
  ValidateImapRequestSchema,
  ValidateTokenRequestSchema,
} from './contract';

export type JobQuery = v.InferOutput<typeof JobQuerySchema>;
export type DomainValidationQuery = v.InferOutput<typeof DomainValidationQuerySchema>;
export type TokenQuery = v.InferOutput<typeof TokenQuerySchema>;
export type ValidateImapRequest = v.InferOutput<typeof ValidateImapRequestSchema>;
export type JobsByEmailRequest = v.InferOutput<typeof JobsByEmailRequestSchema>;
export type ValidateTokenRequest = v.InferOutput<typeof ValidateTokenRequestSchema>;
export type SupportResponse = v.InferOutput<typeof SupportResponseSchema>;
