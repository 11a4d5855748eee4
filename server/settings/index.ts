/** Every setting the service reads, by section: what docs/configuration.md is checked against. */
import { IDENTITY_SETTINGS } from '../identity/config.ts';
import { DESTINATION_SETTINGS } from './destinations.ts';
import { LIFETIME_SETTINGS } from './lifetimes.ts';
import { LIMIT_SETTINGS } from './limits.ts';
import { MAIL_SETTINGS } from './mail.ts';
import { OUTBOUND_SETTINGS } from './outbound.ts';
import { SERVICE_SETTINGS } from './service.ts';
import type { Settings } from './setting.ts';
import { SOURCE_SETTINGS } from './source.ts';
import { STORAGE_SETTINGS } from './storage.ts';
import { TRANSFER_SETTINGS } from './transfers.ts';

export const SETTING_SECTIONS: Readonly<Record<string, Settings>> = {
  service: SERVICE_SETTINGS,
  storage: STORAGE_SETTINGS,
  lifetimes: LIFETIME_SETTINGS,
  mail: MAIL_SETTINGS,
  source: SOURCE_SETTINGS,
  transfers: TRANSFER_SETTINGS,
  destinations: DESTINATION_SETTINGS,
  limits: LIMIT_SETTINGS,
  outbound: OUTBOUND_SETTINGS,
  identity: IDENTITY_SETTINGS,
};
