/** The only place the tracking module touches Drizzle; rows leave as plain typed records. */

import type { TrackingParams } from '@croupier/contract/tracking/params';
import type { Db } from '@croupier/db/client';
import { and, asc, desc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { fraudScores, trackingAttributions, trackingVisits } from './tracking.tables.ts';

export interface VisitRecord {
  id: bigint;
  params: TrackingParams;
  referer: string | null;
  createdAt: Date;
}

export interface AttributionRecord {
  playerId: bigint;
  visitId: bigint;
  params: TrackingParams;
  clickedAt: Date;
  registeredAt: Date;
}

function paramsOf(row: {
  trackId: string | null;
  td: string | null;
  publisherId: string | null;
  goalId: string | null;
  goalEntryId: string | null;
  linkId: string | null;
}): TrackingParams {
  const params: TrackingParams = {};
  if (row.trackId !== null) params.track_id = row.trackId;
  if (row.td !== null) params.td = row.td;
  if (row.publisherId !== null) params.publisher_id = row.publisherId;
  if (row.goalId !== null) params.goal_id = row.goalId;
  if (row.goalEntryId !== null) params.goal_entry_id = row.goalEntryId;
  if (row.linkId !== null) params.link_id = row.linkId;
  return params;
}

function columnsOf(params: TrackingParams) {
  return {
    trackId: params.track_id ?? null,
    td: params.td ?? null,
    publisherId: params.publisher_id ?? null,
    goalId: params.goal_id ?? null,
    goalEntryId: params.goal_entry_id ?? null,
    linkId: params.link_id ?? null,
  };
}

const visitColumns = {
  id: trackingVisits.id,
  trackId: trackingVisits.trackId,
  td: trackingVisits.td,
  publisherId: trackingVisits.publisherId,
  goalId: trackingVisits.goalId,
  goalEntryId: trackingVisits.goalEntryId,
  linkId: trackingVisits.linkId,
  referer: trackingVisits.referer,
  createdAt: trackingVisits.createdAt,
};

export function createTrackingRepository(db: Db) {
  return {
    async insertVisit(visit: {
      visitKey: string;
      params: TrackingParams;
      referer: string | null;
      fraudSession: string | null;
      now: Date;
    }): Promise<bigint> {
      const [row] = await db
        .insert(trackingVisits)
        .values({
          visitKey: visit.visitKey,
          ...columnsOf(visit.params),
          referer: visit.referer,
          fraudSession: visit.fraudSession,
          createdAt: visit.now,
        })
        .returning({ id: trackingVisits.id });
      if (!row) throw new Error('visit insert returned no row');
      return row.id;
    },

    async findVisitByKey(visitKey: string): Promise<VisitRecord | null> {
      const [row] = await db
        .select(visitColumns)
        .from(trackingVisits)
        .where(eq(trackingVisits.visitKey, visitKey));
      return row
        ? { id: row.id, params: paramsOf(row), referer: row.referer, createdAt: row.createdAt }
        : null;
    },

    /** First touch: a player's attribution is written once; a second call changes nothing. */
    async insertAttribution(row: {
      playerId: bigint;
      visit: VisitRecord;
      registeredAt: Date;
    }): Promise<boolean> {
      const inserted = await db
        .insert(trackingAttributions)
        .values({
          playerId: row.playerId,
          visitId: row.visit.id,
          ...columnsOf(row.visit.params),
          clickedAt: row.visit.createdAt,
          registeredAt: row.registeredAt,
        })
        .onConflictDoNothing()
        .returning({ playerId: trackingAttributions.playerId });
      return inserted.length > 0;
    },

    async findAttribution(playerId: bigint): Promise<AttributionRecord | null> {
      const [row] = await db
        .select()
        .from(trackingAttributions)
        .where(eq(trackingAttributions.playerId, playerId));
      return row
        ? {
            playerId: row.playerId,
            visitId: row.visitId,
            params: paramsOf(row),
            clickedAt: row.clickedAt,
            registeredAt: row.registeredAt,
          }
        : null;
    },

    /**
     * Attributed players with a publisher, registered before `before` (the report's population:
     * their deposits and play in the period count, whenever they registered). Bounded by `max`.
     */
    async attributedPlayers(
      before: Date,
      max: number,
    ): Promise<{ playerId: bigint; publisherId: string; linkId: string | null; registeredAt: Date }[]> {
      const rows = await db
        .select({
          playerId: trackingAttributions.playerId,
          publisherId: trackingAttributions.publisherId,
          linkId: trackingAttributions.linkId,
          registeredAt: trackingAttributions.registeredAt,
        })
        .from(trackingAttributions)
        .where(
          and(isNotNull(trackingAttributions.publisherId), lt(trackingAttributions.registeredAt, before)),
        )
        .orderBy(asc(trackingAttributions.playerId))
        .limit(max);
      return rows.flatMap((row) =>
        row.publisherId === null ? [] : [{ ...row, publisherId: row.publisherId }],
      );
    },

    async insertScore(row: {
      fraudSession: string;
      playerId: bigint | null;
      score: number;
      providerRef: string;
      now: Date;
    }): Promise<void> {
      await db.insert(fraudScores).values({
        fraudSession: row.fraudSession,
        playerId: row.playerId,
        score: row.score,
        providerRef: row.providerRef,
        createdAt: row.now,
      });
    },

    /** The player's latest score since `since`, or null. */
    async latestScore(playerId: bigint, since: Date): Promise<{ score: number; at: Date } | null> {
      const [row] = await db
        .select({ score: fraudScores.score, at: fraudScores.createdAt })
        .from(fraudScores)
        .where(and(eq(fraudScores.playerId, playerId), gte(fraudScores.createdAt, since)))
        .orderBy(desc(fraudScores.id))
        .limit(1);
      return row ?? null;
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
