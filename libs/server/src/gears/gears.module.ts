import { Module } from '@nestjs/common';
import { CityCoreModule } from '../city/city-core.module';
import { GearsController } from './gears.controller';
import { GearsService } from './gears.service';

@Module({ imports: [CityCoreModule], controllers: [GearsController], providers: [GearsService], exports: [GearsService] })
export class GearsModule {}
