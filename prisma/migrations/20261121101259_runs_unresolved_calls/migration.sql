-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "unresolved_calls" INTEGER NOT NULL DEFAULT 0;
