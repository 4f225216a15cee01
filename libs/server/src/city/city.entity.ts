import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('cities')
export class City {
  @PrimaryColumn({ name: 'player_id', type: 'bigint' })
  playerId: number;

  @Column({ name: 'ch_level', type: 'integer' })
  chLevel: number;

  @Column({ name: 'building_levels', type: 'jsonb' })
  buildingLevels: Record<string, number>;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
