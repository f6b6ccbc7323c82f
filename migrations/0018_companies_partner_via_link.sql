-- Only a partner that came with a partner link's registration gives a discount (decision 0042).
ALTER TABLE `companies` ADD `partner_via_link` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Companies registered through a partner's link before this column: the link they used says so.
UPDATE `companies` SET `partner_via_link` = 1 WHERE `partner_source` IS NOT NULL AND EXISTS (SELECT 1 FROM `partner_links` WHERE `partner_links`.`registered_company_id` = `companies`.`id` AND `partner_links`.`partner_code` = `companies`.`partner_source`);
