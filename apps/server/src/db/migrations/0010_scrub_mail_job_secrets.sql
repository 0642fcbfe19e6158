-- Finished mail jobs kept signing links and one-time codes in their payload for days. New ones are
-- scrubbed when they finish (services/mail/job.ts scrubMailSecrets); this scrubs those finished before.
UPDATE "jobs" SET "payload" = "payload" #- '{data,link}' #- '{data,certificateLink}' #- '{data,code}'
WHERE "kind" = 'mail.send' AND "status" IN ('done', 'failed');
