/**
 * Slows a page down through the DevTools protocol, as a customer's phone and connection would be:
 * the CPU N× slower and every request behind a round trip and a bandwidth. Journeys that are about
 * timing as the customer sees it (the first paint's promises) run under it.
 */
import type { Page } from 'playwright-core';

export type Throttling = {
  /** How many times slower than this machine's CPU. */
  cpu: number;
  /** Round-trip time added to each request (ms), and throughput down and up (bytes per second). */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number };
};

/** A mid-range phone on a good mobile connection: 4× slower CPU, 150 ms round trips, 10 Mbit/s down, 5 up. */
export const PHONE_ON_MOBILE: Throttling = {
  cpu: 4,
  network: { latency: 150, downloadThroughput: (10_000 * 1024) / 8, uploadThroughput: (5_000 * 1024) / 8 },
};

export async function throttle(page: Page, { cpu, network }: Throttling): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}
