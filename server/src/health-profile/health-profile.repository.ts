import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { toDate } from '../core/database/column-types';
import { HealthProfile, needsAttention } from './entities/health-profile.entity';
import { HealthProfileView } from './entities/health-profile-view.entity';

export type HealthProfileValues = Omit<HealthProfile, 'id' | 'user'>;

export interface HealthViewLine {
  viewerId: number;
  viewerName: string;
  viewedAt: Date;
  classId: number | null;
}

/** All SQL of the health questionnaires and the log of their readings. */
@Injectable()
export class HealthProfileRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  byUser(userId: number): Promise<HealthProfile | null> {
    return this.txHost.tx.findOneBy(HealthProfile, { userId });
  }

  async exists(userId: number): Promise<boolean> {
    return (await this.txHost.tx.countBy(HealthProfile, { userId })) > 0;
  }

  async insert(values: HealthProfileValues): Promise<void> {
    await this.txHost.tx.insert(HealthProfile, values);
  }

  async update(values: HealthProfileValues): Promise<void> {
    const { userId, ...rest } = values;
    await this.txHost.tx.update(HealthProfile, { userId }, rest);
  }

  /** Of these users, those whose answers need the instructor's attention (the roster's marker). */
  async needingAttention(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.txHost.tx.find(HealthProfile, { where: { userId: In([...new Set(userIds)]) } });
    return new Set(rows.filter(needsAttention).map((row) => row.userId));
  }

  /**
   * Whether the user holds an active place in the class, and the account that teaches it (the
   * class row's instructor: the substitute's when one teaches it). Instructors' and reservations'
   * tables read by SQL only, as instructors reads the timetable's.
   */
  async bookingInClass(classId: number, userId: number): Promise<{ teacherId: number | null } | null> {
    const rows: { teacherId: number | string | null }[] = await this.txHost.tx.query(
      `SELECT i.user_id AS teacherId FROM reservations r
         JOIN class_sessions c ON c.id = r.class_session_id
         LEFT JOIN instructors i ON i.id = c.instructor_id
        WHERE r.class_session_id = ? AND r.user_id = ? AND r.status = 'active'`,
      [classId, userId],
    );
    if (rows.length === 0) return null;
    return { teacherId: rows[0].teacherId === null ? null : Number(rows[0].teacherId) };
  }

  async userExists(userId: number): Promise<boolean> {
    const rows: unknown[] = await this.txHost.tx.query('SELECT id FROM users WHERE id = ?', [userId]);
    return rows.length > 0;
  }

  async insertView(view: Omit<HealthProfileView, 'id' | 'user' | 'viewer'>): Promise<void> {
    await this.txHost.tx.insert(HealthProfileView, view);
  }

  async viewsOf(userId: number): Promise<HealthViewLine[]> {
    const rows: {
      viewerId: number | string;
      viewerName: string;
      viewedAt: string | Date;
      classId: number | string | null;
    }[] = await this.txHost.tx.query(
      `SELECT v.viewer_id AS viewerId, u.name AS viewerName, v.viewed_at AS viewedAt, v.class_id AS classId
           FROM health_profile_views v JOIN users u ON u.id = v.viewer_id
          WHERE v.user_id = ? ORDER BY v.viewed_at DESC, v.id DESC`,
      [userId],
    );
    return rows.map((row) => ({
      viewerId: Number(row.viewerId),
      viewerName: row.viewerName,
      viewedAt: toDate(row.viewedAt),
      classId: row.classId === null ? null : Number(row.classId),
    }));
  }
}
