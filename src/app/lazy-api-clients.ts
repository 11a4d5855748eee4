/**
 * The API clients, loaded on the first call. The sign-in page needs no HTTP to become interactive,
 * so ky and the client code stay out of the first-load bundle (npm run size) and arrive, in their
 * own chunk, the moment the machine first calls an actor.
 */
import type { ApiClients } from '../api';
import type { PortalClients } from './actors';

let loading: Promise<ApiClients> | null = null;
const clients = (): Promise<ApiClients> => (loading ??= import('../api').then((api) => api.createApiClients()));

/** A client function that loads the clients first, then calls the real one with the same arguments. */
const defer =
  <A extends unknown[], R>(pick: (c: ApiClients) => (...args: A) => Promise<R>) =>
  (...args: A): Promise<R> =>
    clients().then((c) => pick(c)(...args));

export const lazyApiClients: PortalClients = {
  session: {
    capabilities: defer((c) => c.session.capabilities),
    validate: defer((c) => c.session.validate),
    load: defer((c) => c.session.load),
    status: defer((c) => c.session.status),
    cancel: defer((c) => c.session.cancel),
    copyNewMail: defer((c) => c.session.copyNewMail),
    pause: defer((c) => c.session.pause),
    resume: defer((c) => c.session.resume),
    stopForwarding: defer((c) => c.session.stopForwarding),
    sourceFolders: defer((c) => c.session.sourceFolders),
    signOut: defer((c) => c.session.signOut),
  },
  exportService: {
    validateImap: defer((c) => c.exportService.validateImap),
    domainValidation: defer((c) => c.exportService.domainValidation),
    comcastGetMigrationStatus: defer((c) => c.exportService.comcastGetMigrationStatus),
    comcastInfo: defer((c) => c.exportService.comcastInfo),
    comcastUpdateOptOutState: defer((c) => c.exportService.comcastUpdateOptOutState),
    statusV2: defer((c) => c.exportService.statusV2),
    jobsByEmail: defer((c) => c.exportService.jobsByEmail),
    supportRequest: defer((c) => c.exportService.supportRequest),
  },
};
