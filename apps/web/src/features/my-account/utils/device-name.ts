import { parse } from 'bowser';

export const UNKNOWN_BROWSER = 'Unknown browser';

/** iOS names the device people hold (iPhone, iPad); elsewhere the system's name reads better. */
function systemNameOf(osName: string | undefined, model: string | undefined): string | undefined {
  if (osName === 'iOS' && model) return model;
  return osName || undefined;
}

/** A session's User-Agent as people say it: "Chrome on Windows", "Safari on iPhone"; "Unknown browser" when it cannot be read. */
export function deviceNameOf(userAgent: string | null): string {
  if (!userAgent?.trim()) return UNKNOWN_BROWSER;
  try {
    const { browser, os, platform } = parse(userAgent);
    const system = systemNameOf(os.name, platform.model);
    const browserName = browser.name || UNKNOWN_BROWSER;
    return system ? `${browserName} on ${system}` : browserName;
  } catch {
    return UNKNOWN_BROWSER;
  }
}
