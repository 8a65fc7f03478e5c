/** Types of health-profile.mjs for the TypeScript browser tests. */
export declare const HEALTH_PROFILE: {
  hasInjuries: boolean;
  recentSurgery: boolean;
  pregnant: boolean;
  heartOrBloodPressure: boolean;
  otherConditions: string;
  emergencyName: string;
  emergencyPhone: string;
  emergencyRelationship: string;
  sensitiveDataConsent: boolean;
};
