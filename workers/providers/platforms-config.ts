import { platformUrlVar, type CustomerPlatform, type PlatformId } from "./customer-platform";
import { createPlatformApi } from "./platform-api";

export type PlatformUrls = { [K in PlatformId as ReturnType<typeof platformUrlVar<K>>]: string };

/** Each platform's adapter, pointed at the base URL its var names (the sandbox locally). */
export function platformApis(env: PlatformUrls): (id: PlatformId) => CustomerPlatform {
  return (platformId) => createPlatformApi({ platformId, baseUrl: env[platformUrlVar(platformId)] });
}
