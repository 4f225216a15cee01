import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TransactionStatus } from '@runik/contract';

/** A paid activation awaiting (or past) confirmation of its SWAP.HIVE transfer. */
@Entity('registrations')
export class Registration {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column({ name: 'transaction_id', type: 'varchar', length: 48 })
  transactionId: string;

  @Column({ name: 'hive_username', type: 'varchar', length: 16 })
  hiveUsername: string;

  @Column({ type: 'varchar', length: 16 })
  referrer: string;

  /** What the client said it paid (recorded, never trusted). */
  @Column({ name: 'fee_offered_thousandths', type: 'bigint' })
  feeOfferedThousandths: number;

  /** The fee the server required when the registration was initiated, HIVE thousandths. */
  @Column({ name: 'fee_required_thousandths', type: 'bigint' })
  feeRequiredThousandths: number;

  @Column({ type: 'varchar', length: 9 })
  status: TransactionStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
