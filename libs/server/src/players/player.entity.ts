import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type Activation = 'paid' | 'free';

@Entity('players')
export class Player {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column({ name: 'hive_username', type: 'varchar', length: 16, unique: true })
  hiveUsername: string;

  @Column({ type: 'varchar', length: 16 })
  referrer: string;

  /** 'paid' accounts paid the activation fee and may withdraw; 'free' ones may not. */
  @Column({ type: 'varchar', length: 8 })
  activation: Activation;

  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true })
  activatedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  get canWithdraw(): boolean {
    return this.activation === 'paid';
  }
}
