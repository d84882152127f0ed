// The headless Chromium the measuring scripts share: the machine's Chromium, without the background
// work (updates, sync, first-run pages) that would land in the timings.
import { chromium } from '@playwright/test';

export function launchMeasuringChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
