/**
 * The banners desk's reads and writes (`cms_banners`, `cms_banner_texts`; banners-desk.ts holds the
 * rules). A banner and its texts are written in one transaction; the desk locks the banner row
 * (FOR UPDATE) before checking the version an edit or delete was made from.
 */
import type { Db } from '@croupier/db/client';
import { asc, eq, inArray } from 'drizzle-orm';
import { cmsBanners, cmsBannerTexts } from './cms.tables.ts';

export type BannerTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | BannerTx;
export type BannerRow = typeof cmsBanners.$inferSelect;
export type BannerTextRow = typeof cmsBannerTexts.$inferSelect;
export type BannerColumns = Omit<typeof cmsBanners.$inferInsert, 'id' | 'createdAt'>;
export type BannerTextColumns = Omit<BannerTextRow, 'bannerId'>;

/** The most banners the desk lists: a site has a handful per position. */
export const BANNERS_LIST_MAX = 500;

export function createBannersRepository(db: Db) {
  async function texts(executor: Executor, ids: bigint[]): Promise<BannerTextRow[]> {
    if (ids.length === 0) return [];
    return executor.select().from(cmsBannerTexts).where(inArray(cmsBannerTexts.bannerId, ids));
  }

  async function writeTexts(tx: BannerTx, id: bigint, rows: BannerTextColumns[]): Promise<void> {
    await tx.delete(cmsBannerTexts).where(eq(cmsBannerTexts.bannerId, id));
    await tx.insert(cmsBannerTexts).values(rows.map((row) => ({ ...row, bannerId: id })));
  }

  return {
    transaction: <T>(run: (tx: BannerTx) => Promise<T>) => db.transaction(run),

    /** Every banner (up to BANNERS_LIST_MAX) with its texts, by position, priority, id. */
    async all(): Promise<{ rows: BannerRow[]; texts: BannerTextRow[] }> {
      const rows = await db
        .select()
        .from(cmsBanners)
        .orderBy(asc(cmsBanners.position), asc(cmsBanners.priority), asc(cmsBanners.id))
        .limit(BANNERS_LIST_MAX);
      return {
        rows,
        texts: await texts(
          db,
          rows.map((row) => row.id),
        ),
      };
    },

    async find(id: bigint): Promise<{ row: BannerRow; texts: BannerTextRow[] } | null> {
      const [row] = await db.select().from(cmsBanners).where(eq(cmsBanners.id, id)).limit(1);
      return row ? { row, texts: await texts(db, [id]) } : null;
    },

    /** The banner and its texts, the banner row locked until the transaction ends. */
    async lock(tx: BannerTx, id: bigint): Promise<{ row: BannerRow; texts: BannerTextRow[] } | null> {
      const [row] = await tx.select().from(cmsBanners).where(eq(cmsBanners.id, id)).for('update');
      return row ? { row, texts: await texts(tx, [id]) } : null;
    },

    async insert(tx: BannerTx, banner: BannerColumns, rows: BannerTextColumns[]): Promise<bigint> {
      const [inserted] = await tx.insert(cmsBanners).values(banner).returning({ id: cmsBanners.id });
      await writeTexts(tx, inserted!.id, rows);
      return inserted!.id;
    },

    async replace(tx: BannerTx, id: bigint, banner: BannerColumns, rows: BannerTextColumns[]): Promise<void> {
      await tx.update(cmsBanners).set(banner).where(eq(cmsBanners.id, id));
      await writeTexts(tx, id, rows);
    },

    /** Deletes the banner; its texts go with it (ON DELETE CASCADE). */
    async remove(tx: BannerTx, id: bigint): Promise<void> {
      await tx.delete(cmsBanners).where(eq(cmsBanners.id, id));
    },
  };
}
