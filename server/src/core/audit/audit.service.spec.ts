import { Logger } from '@nestjs/common';
import { FixedClock } from '../clock/clock';
import { StudioClock } from '../clock/studio-clock';
import type { AppConfig } from '../config/app-config';
import type { AuditLog } from './audit-log.entity';
import type { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

const admin = { id: 1, role: 'admin' as const };
const undeclaredEntry = {
  action: 'plan.update' as const,
  entityType: 'plan' as const,
  entityId: 3,
  before: { name: 'Ocho Clases', colour: 'verde' },
  after: { name: 'Ocho', colour: 'azul' },
};

describe('AuditService.record', () => {
  const serviceIn = (nodeEnv: AppConfig['nodeEnv']) => {
    const inserted: AuditLog[] = [];
    const repository = {
      insert: (log: AuditLog) => Promise.resolve(void inserted.push(log)),
    } as unknown as AuditRepository;
    const config = { nodeEnv } as AppConfig;
    return {
      inserted,
      service: new AuditService(repository, new StudioClock(new FixedClock(new Date()), config), config),
    };
  };

  it('should refuse a field its action does not declare outside production, writing nothing', async () => {
    const { service, inserted } = serviceIn('test');
    await expect(service.record(admin, undeclaredEntry)).rejects.toThrow('colour');
    expect(inserted).toHaveLength(0);
  });

  it('should write the entry and log the undeclared field in production, so the change itself still lands', async () => {
    const { service, inserted } = serviceIn('production');
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await service.record(admin, undeclaredEntry);
    expect(inserted).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('colour'));
    logged.mockRestore();
  });
});
