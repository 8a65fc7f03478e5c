import { InitialSchema1763800000000 } from './1763800000000-InitialSchema';
import { LoginFailures1763900000000 } from './1763900000000-LoginFailures';
import { MailQueue1764000000000 } from './1764000000000-MailQueue';
import { PaymentsGoLive1764100000000 } from './1764100000000-PaymentsGoLive';
import { Sessions1764200000000 } from './1764200000000-Sessions';
import { AuthRateLimits1764300000000 } from './1764300000000-AuthRateLimits';
import { Waitlist1764400000000 } from './1764400000000-Waitlist';
import { Attendance1764500000000 } from './1764500000000-Attendance';
import { WalkIns1764550000000 } from './1764550000000-WalkIns';
import { OwnerTools1764600000000 } from './1764600000000-OwnerTools';
import { SchemaAsEntities1764700000000 } from './1764700000000-SchemaAsEntities';
import { NotificationsOutbox1764800000000 } from './1764800000000-NotificationsOutbox';
import { ResetLinkCredentials1764810000000 } from './1764810000000-ResetLinkCredentials';
import { RefundRequests1764820000000 } from './1764820000000-RefundRequests';
import { HistoryScale1764860000000 } from './1764860000000-HistoryScale';
import { UserSearchGrams1764870000000 } from './1764870000000-UserSearchGrams';
import { UsersCount1764875000000 } from './1764875000000-UsersCount';
import { AuditLogActionIndex1764880000000 } from './1764880000000-AuditLogActionIndex';
import { AttendanceCounts1764890000000 } from './1764890000000-AttendanceCounts';
import { Sala1764900000000 } from './1764900000000-Sala';
import { SpotOutages1764910000000 } from './1764910000000-SpotOutages';
import { ClassAttendanceCounts1764915000000 } from './1764915000000-ClassAttendanceCounts';
import { SpotHolds1764920000000 } from './1764920000000-SpotHolds';
import { StudioSettings1764930000000 } from './1764930000000-StudioSettings';
import { SecondReminders1764931000000 } from './1764931000000-SecondReminders';
import { ReservationTerms1764932000000 } from './1764932000000-ReservationTerms';
import { ForgiveReturned1764933000000 } from './1764933000000-ForgiveReturned';
import { IntroOffer1764940000000 } from './1764940000000-IntroOffer';
import { PromoCodes1764941000000 } from './1764941000000-PromoCodes';
import { DeskSales1764950000000 } from './1764950000000-DeskSales';
import { GiftCards1764951000000 } from './1764951000000-GiftCards';
import { DashboardGiftFigures1764952000000 } from './1764952000000-DashboardGiftFigures';
import { DeskGiftCards1764953000000 } from './1764953000000-DeskGiftCards';
import { Instructors1764955000000 } from './1764955000000-Instructors';
import { CalendarSequence1764958000000 } from './1764958000000-CalendarSequence';
import { ClassSubstitutes1764959000000 } from './1764959000000-ClassSubstitutes';
import { CoverRequests1764960000000 } from './1764960000000-CoverRequests';
import { InstructorPay1764961000000 } from './1764961000000-InstructorPay';
import { InstructorPhotos1764962000000 } from './1764962000000-InstructorPhotos';
import { ClassTypes1764963000000 } from './1764963000000-ClassTypes';
import { WhatsAppNotices1764964000000 } from './1764964000000-WhatsAppNotices';
import { Memberships1764965000000 } from './1764965000000-Memberships';
import { Invoices1764966000000 } from './1764966000000-Invoices';
import { LegalTexts1764967000000 } from './1764967000000-LegalTexts';
import { MembershipRules1764969000000 } from './1764969000000-MembershipRules';
import { DataExports1764972000000 } from './1764972000000-DataExports';
import { ArcoRequests1764973000000 } from './1764973000000-ArcoRequests';
import { HealthProfiles1764974000000 } from './1764974000000-HealthProfiles';
import { InvoiceSubstitutes1764975000000 } from './1764975000000-InvoiceSubstitutes';

/** Every migration, in order. Listed explicitly so the same list works in Jest, ts and dist. */
export const migrations = [
  InitialSchema1763800000000,
  LoginFailures1763900000000,
  MailQueue1764000000000,
  PaymentsGoLive1764100000000,
  Sessions1764200000000,
  AuthRateLimits1764300000000,
  Waitlist1764400000000,
  Attendance1764500000000,
  WalkIns1764550000000,
  OwnerTools1764600000000,
  SchemaAsEntities1764700000000,
  NotificationsOutbox1764800000000,
  ResetLinkCredentials1764810000000,
  RefundRequests1764820000000,
  HistoryScale1764860000000,
  UserSearchGrams1764870000000,
  UsersCount1764875000000,
  AuditLogActionIndex1764880000000,
  AttendanceCounts1764890000000,
  Sala1764900000000,
  SpotOutages1764910000000,
  ClassAttendanceCounts1764915000000,
  SpotHolds1764920000000,
  StudioSettings1764930000000,
  SecondReminders1764931000000,
  ReservationTerms1764932000000,
  ForgiveReturned1764933000000,
  IntroOffer1764940000000,
  PromoCodes1764941000000,
  DeskSales1764950000000,
  GiftCards1764951000000,
  DashboardGiftFigures1764952000000,
  DeskGiftCards1764953000000,
  Instructors1764955000000,
  CalendarSequence1764958000000,
  ClassSubstitutes1764959000000,
  CoverRequests1764960000000,
  InstructorPay1764961000000,
  InstructorPhotos1764962000000,
  ClassTypes1764963000000,
  WhatsAppNotices1764964000000,
  Memberships1764965000000,
  Invoices1764966000000,
  // Clients' data rights (issue 40)
  LegalTexts1764967000000,
  // Memberships' booking rules, pauses and cancellations (issue 38)
  MembershipRules1764969000000,
  DataExports1764972000000,
  ArcoRequests1764973000000,
  HealthProfiles1764974000000,
  // Facturas: substitutes with corrected data, cancellations awaiting acceptance (issue 39)
  InvoiceSubstitutes1764975000000,
];
