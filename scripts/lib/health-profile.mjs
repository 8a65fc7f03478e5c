// The health questionnaire the scripted clients answer before booking (booking asks for it first:
// HEALTH_PROFILE_REQUIRED): nothing to note, an emergency contact, consent given. Shared by the bench,
// the deploy check and the browser tests.

export const HEALTH_PROFILE = {
  hasInjuries: false,
  recentSurgery: false,
  pregnant: false,
  heartOrBloodPressure: false,
  otherConditions: '',
  emergencyName: 'Contacto de Emergencia',
  emergencyPhone: '722 555 0101',
  emergencyRelationship: 'Hermana',
  sensitiveDataConsent: true,
};
