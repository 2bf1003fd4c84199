// ONB-32: completion is remembered per organisation in this browser's local storage.
export const onboardingStorageKey = (orgId: string) => `switchboard:onboarding-complete:${orgId}`;

export function isOnboardingComplete(orgId: string, storage: Pick<Storage, "getItem"> = window.localStorage): boolean {
  try {
    return storage.getItem(onboardingStorageKey(orgId)) === "true";
  } catch {
    return false; // storage disabled: the wizard may show again, which is harmless
  }
}

export function markOnboardingComplete(orgId: string, storage: Pick<Storage, "setItem"> = window.localStorage): void {
  try {
    storage.setItem(onboardingStorageKey(orgId), "true");
  } catch {
    // storage disabled: nothing to remember it in
  }
}
