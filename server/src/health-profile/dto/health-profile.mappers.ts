import { displayPhone } from '../../notifications';
import { needsAttention, type HealthProfile } from '../entities/health-profile.entity';
import type { HealthViewLine } from '../health-profile.repository';
import type { HealthProfileDto, HealthProfileViewDto } from './health-profile.dto';

export const toHealthProfileDto = (p: HealthProfile): HealthProfileDto => ({
  userId: p.userId,
  hasInjuries: p.hasInjuries,
  injuries: p.injuries,
  recentSurgery: p.recentSurgery,
  surgery: p.surgery,
  pregnant: p.pregnant,
  pregnancyWeeks: p.pregnancyWeeks,
  heartOrBloodPressure: p.heartOrBloodPressure,
  otherConditions: p.otherConditions,
  emergencyName: p.emergencyName,
  emergencyPhone: p.emergencyPhone,
  emergencyPhoneDisplay: displayPhone(p.emergencyPhone),
  emergencyRelationship: p.emergencyRelationship,
  needsAttention: needsAttention(p),
  consentedAt: p.sensitiveConsentAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export const toHealthProfileViewDto = (v: HealthViewLine): HealthProfileViewDto => ({
  viewerId: v.viewerId,
  viewerName: v.viewerName,
  viewedAt: v.viewedAt.toISOString(),
  classId: v.classId,
});
