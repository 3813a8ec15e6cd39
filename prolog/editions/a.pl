:- encoding(utf8).
:- module(edition_a, []).

/** <module> Edition A as data: which unit of its text states which rule

Fragments 003, 002, 001 (kb/sources/manifest.yaml): prevention and replacement effects (516), bringing
cards into the squad (517), replacing a named feature, dice modifiers (518.3, 518.4), attack
modifiers (519.3), the axe rule. Each fact is `rule(Edition, Section, Rule, Unit)` or
`rule_variant(Edition, Rule, Variant)` (editions/editions.pl); the rule modules carry the
behaviours out. A quote of the unit stands above each fact.
*/

:- multifile editions:edition/2, editions:rule/4, editions:rule_variant/3.

editions:edition('A', "Редакция A").

% --- dice_modifiers: «Модификаторы броска кубика» (002), 518.4 and the reroll (001) -------------

% «Когда бросок кубика заносится в стек, игроки получают возможность использовать особенности…»
editions:rule('A', dice_modifiers, roll_face, 'A:модификаторы-броска-кубика/когда-бросок-кубика-заносится').
% «Когда бросок кубика становится верхним в стеке, к нему применяются все модификаторы…»
editions:rule('A', dice_modifiers, roll_modified, 'A:модификаторы-броска-кубика/когда-бросок-кубика-становится').
% «Переброс кубика и переворот кубика не являются модификаторами.»
editions:rule('A', dice_modifiers, reroll, 'A:переброс-кубика-и-переворот').
editions:rule('A', dice_modifiers, flip, 'A:переброс-кубика-и-переворот').
editions:rule_variant('A', flip, turn_over).
% «…были объявлены до переброса (переворота) кубика, то они остаются актуальными после…»
editions:rule('A', dice_modifiers, declared_before_kept, 'A:переброс-кубика-и-переворот').
% 518.3: «Модификаторы броска кубика накладываются в следующем порядке: а) … б) … в) … г) … д) …»
editions:rule('A', dice_modifiers, dice_modifier_order, 'A:518.3').
editions:rule_variant('A', dice_modifier_order,
                      [ additive-own_squad, additive-self, additive-opponent, additive-rules,
                        set_to-own_squad, set_to-self, set_to-opponent, set_to-rules ]).
% «а) модификаторы, полученные от карт из отряда игрока, бросающего кубик, кроме самой карты…»
editions:rule('A', dice_modifiers, dice_group(additive, own_squad), 'A:518.3/item1').
% … a card of that player that is not in play is not one «из отряда»: its modifier is in no group.
editions:rule('A', dice_modifiers, from_the_squad(dice, own_squad), 'A:518.3/item1').
% «в) модификаторы, полученные от карт противника игрока…»: no «из отряда» — the engine reads it
% literally: an opponent's card not in play gives its modifier too.
editions:rule('A', dice_modifiers, opponents_cards(dice), 'A:518.3/item3').
% «б) модификаторы от самой карты, бросающей кубик»
editions:rule('A', dice_modifiers, dice_group(additive, self), 'A:518.3/item2').
% «в) модификаторы, полученные от карт противника игрока, бросающего кубик»
editions:rule('A', dice_modifiers, dice_group(additive, opponent), 'A:518.3/item3').
% «г) модификаторы правил игры для броска кубика (п.518.4)»
editions:rule('A', dice_modifiers, rules_modifier(dice, additive), 'A:518.3/item4').
% «д) модификаторы, сводящие численное значение броска кубика к определённому числу
%  (последовательность наложения такая же, как в группах а-г)»
editions:rule('A', dice_modifiers, dice_group(set_to, _), 'A:518.3/item5').
editions:rule('A', dice_modifiers, rules_modifier(dice, set_to), 'A:518.3/item5').
% «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок.»
editions:rule('A', dice_modifiers, dice_order_chooser, 'A:518.3/порядок-наложения-модификаторов-внутри').
% 518.4: «Если бросок кубика с учётом всех модификаторов … стал меньше 1 (больше 6), то бросок кубика
% принимается равным 1 (равным 6).»
editions:rule('A', dice_modifiers, dice_bounds, 'A:модификатор-правил-игры-для').

% --- attack_modifiers: «Модификаторы атаки» (001) -----------------------------------------------

% «Когда атака становится верхней в стеке, к ней применяются все модификаторы … (п.519.3).»
editions:rule('A', attack_modifiers, attack_modified, 'A:модификаторы-атаки/когда-атака-становится-верхней').
% 519.3: «Модификаторы атаки накладываются в следующем порядке: а) … б) … в) … г) … д) …»
editions:rule('A', attack_modifiers, attack_modifier_order, 'A:519.3').
% 519.3 ПРИМЕР: «Гном-Басаарг в строю с Гномьим Королём … получит +1 к удару за строй с Гномьим
%  Королём … и +1 к удару за собственную особенность (строй: +1 к удару)»: a modifier «за строй» is
%  there while the formation is.
editions:rule('A', attack_modifiers, formation_modifier, 'A:519.3/ex1').
editions:rule_variant('A', attack_modifier_order,
                      [ additive-source_squad, additive-source, additive-target_squad, additive-target,
                        set_to-source_squad, set_to-source, set_to-target_squad, set_to-target ]).
% «а) модификаторы, полученные от карт из отряда источника атаки, кроме самого источника этой атаки»
editions:rule('A', attack_modifiers, attack_group(additive, source_squad), 'A:519.3/item1').
% … a card of the source's player that is not in play is not one «из отряда»: its modifier is in
% no group.
editions:rule('A', attack_modifiers, from_the_squad(attack, source_squad), 'A:519.3/item1').
% «б) модификаторы, полученные от источника атаки»
editions:rule('A', attack_modifiers, attack_group(additive, source), 'A:519.3/item2').
% «в) модификаторы, полученные от карт из отряда цели атаки»
editions:rule('A', attack_modifiers, attack_group(additive, target_squad), 'A:519.3/item3').
editions:rule('A', attack_modifiers, from_the_squad(attack, target_squad), 'A:519.3/item3').
% «г) модификаторы, полученные от цели атаки»
editions:rule('A', attack_modifiers, attack_group(additive, target), 'A:519.3/item4').
% «д) модификаторы, сводящие численное значение атаки к определённому числу (последовательность
%  наложения такая же, как в группах а-г)»
editions:rule('A', attack_modifiers, attack_group(set_to, _), 'A:519.3/item5').
% «Порядок наложения модификаторов внутри каждой группы а-д определяет создавший их игрок.»
editions:rule('A', attack_modifiers, attack_order_chooser, 'A:519.3/порядок-наложения-модификаторов-внутри').
% «Нельзя численное значение атаки свести к большему числу (например, атака на 2 может быть сведена к
%  1, но атака на 0 не может быть сведена к 1).»
editions:rule('A', attack_modifiers, set_to_never_raises, 'A:519.3/порядок-наложения-модификаторов-внутри').
% «Сведение атаки к слабой/средней/сильной является модификатором атаки. Если атака сводится к слабой
%  (средней, сильной), то используются особенности, сопутствующие этому виду атаки.»
editions:rule('A', attack_modifiers, strike_reduction, 'A:519.3/сведение-атаки-к-слабой').
% «Нельзя объявлять никаких игродействий, пока идёт наложение модификаторов на силу атаки, до тех
%  пор, пока атака не выйдет из стека (т.е. пока не будут нанесены раны).» — the attack's strength,
%  after every modifier, is what it deals as wounds.
editions:rule('A', attack_modifiers, attack_deals_wounds, 'A:519.3/нельзя-объявлять-никаких-игродействий').

% --- named_features: «Замещение особенности…» and its five examples (002) ------------------------

% «Замещение особенности - это эффект правил и не является потерей особенности»
% ПРИМЕР 1: «…вместо "Регенерации 2" будет "Регенерация 3", и будет выполняться она.»
editions:rule('A', named_features, feature_replaced, 'A:замещение-особенности-это-эффект/ex1').
editions:rule('A', named_features, feature_replaced, 'A:замещение-особенности-это-эффект').
% ПРИМЕР 1: «существо с особенностью "Регенерация 2" не может получить особенность "Регенерация 1"»
editions:rule('A', named_features, gain_not_performed(lower), 'A:замещение-особенности-это-эффект/ex1').
% … the card has the higher one, not the one it replaced.
editions:rule('A', named_features, suppressed_not_held, 'A:замещение-особенности-это-эффект/ex1').
% ПРИМЕР 2: «…получает "+1 к Отравлению", … вместо особенности "Отравление 1" у него … "Отравление 2"»
editions:rule('A', named_features, feature_added, 'A:замещение-особенности-это-эффект/ex2').
% ПРИМЕР 3: «…получение Магии крови от Ашельты считается не выполненным…»; ПРИМЕР 5: «…заместить
%  уже имеющееся Отравление он не сможет…»
editions:rule('A', named_features, gain_not_performed(same), 'A:замещение-особенности-это-эффект/ex3').
editions:rule('A', named_features, gain_not_performed(same), 'A:замещение-особенности-это-эффект/ex5').
% ПРИМЕР 3: «…поэтому когда это существо отойдёт от Ашельты, Магия крови у него сохранится.» — a
% gain that was not performed leaves nothing to end with its while.
editions:rule('A', named_features, not_performed_kept, 'A:замещение-особенности-это-эффект/ex3').
% ПРИМЕР 4: «Если Льер-Кулат подойдёт к уже отравленному Вайлу, то Отравление останется даже если
%  Льер-Кулат потом отойдёт от Вайла.»
editions:rule('A', named_features, not_performed_kept, 'A:замещение-особенности-это-эффект/ex4').
% ПРИМЕР 4: «Льер-Кулат ("Затмение") подходит к Вайлу без отравления, Вайл получает Отравление 1, пока
%  Льер-Кулат стоит рядом, и если отойдёт от него, то Отравление спадёт.»
editions:rule('A', named_features, feature_gained, 'A:замещение-особенности-это-эффект/ex4').
editions:rule_variant('A', feature_gained, stated).
% … a feature held while a card stands next to it ends when that card goes. (A's loaded text says
% nothing of a feature «до конца хода»: it ends by its own words, and no unit of A is cited.)
editions:rule('A', named_features, condition_ended(adjacent), 'A:замещение-особенности-это-эффект/ex4').
% … «Льер-Кулат … подходит к Вайлу без отравления, Вайл получает Отравление 1, пока Льер-Кулат стоит
% рядом»: what a card gives a card next to it, that card gains when they come to stand so.
editions:rule('A', named_features, adjacent_grant, 'A:замещение-особенности-это-эффект/ex4').
% «Замещение особенности - это эффект правил и не является потерей особенности» — what a higher
% feature replaced, own or acquired, is the card's again when that one ends.
editions:rule('A', named_features, replaced_returns, 'A:замещение-особенности-это-эффект').
editions:rule_variant('A', replaced_returns, any).
% ПРИМЕР 5: «…Менгир может усилить отравление на 1, и Вайл получит Отравление 2…»
editions:rule('A', named_features, grant_modifiers, 'A:замещение-особенности-это-эффект/ex5').
% ПРИМЕР 5: «…и Вайл получит Отравление 2, которое уже не пропадёт, если Льер-Кулат отойдёт» — a
% feature held without a condition stays when the one it replaced ends with its own.
editions:rule('A', named_features, replacing_stays, 'A:замещение-особенности-это-эффект/ex5').

% --- prevention: the paragraphs before «Эффект замещения.» (003) --------------------------------

% «Предотвращение используется всегда после вычисления окончательного значения наносимого урона.»
editions:rule('A', prevention, prevention, 'A:предотвращение-используется-всегда-после').
% «Эффекты предотвращения, имеющие количественное значение, применяются по очереди (при этом вначале
%  все эффекты применяет Неактивный игрок, а затем Активный)…»
editions:rule('A', prevention, prevention_order, 'A:эффекты-предотвращения-имеющие-количественное').
% «…и могут быть применены все, если это позволяет количество нанесённых ран.»
editions:rule('A', prevention, prevented(all_used), 'A:эффекты-предотвращения-имеющие-количественное').
% «Эффект предотвращения может быть использован частично… Неиспользованное значение сохраняется для
%  последующего применения эффекта…»; ПРИМЕР: «…"следующие 4 раны"…»
editions:rule('A', prevention, prevented(rest_kept), 'A:эффект-предотвращения-может-быть').
editions:rule('A', prevention, prevented(rest_kept), 'A:эффект-предотвращения-может-быть/ex1').
% «…(если повторное применение этого эффекта предотвращения не противоречит его тексту)»
editions:rule('A', prevention, prevented(rest_lost), 'A:эффект-предотвращения-может-быть').
% «Эффект предотвращения порождается постоянными способностями, которые применяется в момент своей
%  актуальности.»; ПРИМЕР: «Габриэль уменьшает число получаемых ран 1 каждый раз…»
editions:rule('A', prevention, prevented(each_time), 'A:эффект-предотвращения-порождается-постоянными').
editions:rule('A', prevention, prevented(each_time), 'A:эффект-предотвращения-может-быть/ex2').
% «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект предотвращения от
%  этой карты больше не применяется.»
editions:rule('A', prevention, prevention_stopped, 'A:если-карта-источник-эффекта').
% … a card that leaves the play zone and comes back is a new object (issue 12): the loaded text states
% no rule on what a card holds when it leaves the play zone (its wounds, its being tapped, its
% formation, what it acquired). The engine reads it so where the edition defines a way back from the
% zone the card went to (the unit below): it comes back only as a card taken anew from there. Those
% words do not say what the card loses, so the step (prevention:taken_anew/3) cites none of them;
% the unit is what the reading needs in the loaded text (has_rule/2).
% 517.4 «Возродить карту – это извлечь её с кладбища и поместить в игровую зону.»
editions:rule('A', prevention, new_object(graveyard), 'A:517.4').
% 517.3 «Вызвать карту – это извлечь её из колоды и поместить в игровую зону.»
editions:rule('A', prevention, new_object(deck), 'A:517.3').
% «Взятие карты в отряд – это розыгрыш карты из руки в игровую зону, вызов карты, возрождение карты…»
editions:rule('A', prevention, new_object(hand), 'A:взятие-карт-в-отряд/взятие-карты-в-отряд').

% --- replacement_effects: «Эффект замещения.» (003) ---------------------------------------------

% 516.1.2: «…эти способности являются постоянными и применяются всегда в актуальный момент.»
editions:rule('A', replacement_effects, replacement_effects, 'A:516.1.2').
% 516.1: «Если способность имеет вид "[текст 1], вместо этого – [текст 2]", то [текст 2] называется
% эффектом замещения.»
editions:rule('A', replacement_effects, replaced_by(instead), 'A:516.1').
% 516.1.1: «Эффекты вида "Не получает ран от [текст]" и "Получает раны только от [текст]" также
% являются эффектами замещения.»
editions:rule('A', replacement_effects, replaced_by(no_wounds), 'A:516.1.1').
% 516.1, ПРИМЕР: «Большой кулак может вместо Регенерации 4 излечить других существ…» — «может»: its
% player may decline it.
editions:rule('A', replacement_effects, replacement_optional, 'A:516.1/ex1').
% «Если игрок может применить несколько эффектов замещения к одному и тому же эффекту, то он выбирает…»
editions:rule('A', replacement_effects, replacement_chosen(by_its_player), 'A:516.1.2/если-игрок-может-применить').
% «Если оба игрока могут применить эффекты замещения …, то Активный игрок выбирает…»
editions:rule('A', replacement_effects, replacement_chosen(by_the_active_player), 'A:516.1.2/если-оба-игрока-могут').
% «Эффект замещения можно применять к эффекту, который получился в результате использования другого
%  эффекта замещения.»
editions:rule('A', replacement_effects, replacement_of_a_replacement, 'A:516.1.2/эффект-замещения-можно-применять').

% --- bring_into_squad: «Взятие карт в отряд.» (003) ---------------------------------------------

% «Взятие карты в отряд – это розыгрыш карты из руки в игровую зону, вызов карты, возрождение карты,
%  взятие карты противника под свой контроль или создание карты.»
editions:rule('A', bring_into_squad, bring_into_squad, 'A:взятие-карт-в-отряд/взятие-карты-в-отряд').
% … a card comes into a squad from its player's own hand, deck or graveyard unless control of it is
% taken: a card whose owner the situation does not name is its controller's.
editions:rule('A', bring_into_squad, owner_is_the_controller, 'A:взятие-карт-в-отряд/взятие-карты-в-отряд').
% «Розыгрыш карты из руки в отряд осуществляется согласно 309.2. Игрок, разыгравший карту, становится
%  игроком, контролирующим эту карту.»
editions:rule('A', bring_into_squad, default(play, controller_is_the_player), 'A:взятие-карт-в-отряд/розыгрыш-карты-из-руки').
editions:rule('A', bring_into_squad, not_performed(play, not_in_the_players_hand), 'A:взятие-карт-в-отряд/розыгрыш-карты-из-руки').
% 517.3: «Правила вызова по умолчанию: 1) из своей колоды; 2) в открытом виде; 3) под своим контролем.»
editions:rule('A', bring_into_squad, default(summon, from_own_deck), 'A:517.3/item1').
editions:rule('A', bring_into_squad, default(summon, face_up), 'A:517.3/item2').
editions:rule('A', bring_into_squad, default(summon, under_own_control), 'A:517.3/item3').
% «…Если игрок не нашёл (или не захотел найти) в колоде вызываемой карты, то заявка отменяется. Колода
%  перемешивается в любом случае после просмотра колоды, вызвал игрок или нет.»
editions:rule('A', bring_into_squad, not_performed(summon, not_found_or_not_wanted), 'A:517.3/просмотр-колоды-на-предмет').
editions:rule('A', bring_into_squad, deck_shuffled, 'A:517.3/просмотр-колоды-на-предмет').
% «Если срабатывающая способность требует вызова из колоды определённой карты, то игрок может
%  пропустить эту срабатывающую особенность, как будто у него нет в колоде данной карты.»
editions:rule('A', bring_into_squad, not_performed(summon, triggered_summon_skipped), 'A:517.3/если-срабатывающая-способность-требует').
% 517.4: «Возродить карту – это извлечь её с кладбища и поместить в игровую зону. Правила возрождения
% по умолчанию: 1) со своего кладбища; 2) в открытом виде; 3) под своим контролем.»
editions:rule('A', bring_into_squad, not_performed(revive, not_in_that_graveyard), 'A:517.4').
editions:rule('A', bring_into_squad, default(revive, from_own_graveyard), 'A:517.4/item1').
editions:rule('A', bring_into_squad, default(revive, face_up), 'A:517.4/item2').
editions:rule('A', bring_into_squad, default(revive, under_own_control), 'A:517.4/item3').
% Where a card brought into the squad is put: «в игровую зону» (the four ways that put a card there;
%  not which part of it — the battle zone is the engine's, uncited: squad:placed/3).
% «Взятие карты в отряд – это розыгрыш карты из руки в игровую зону…»
editions:rule('A', bring_into_squad, put_into_play_zone(play), 'A:взятие-карт-в-отряд/взятие-карты-в-отряд').
% 517.3 «Вызвать карту – это извлечь её из колоды и поместить в игровую зону.»
editions:rule('A', bring_into_squad, put_into_play_zone(summon), 'A:517.3').
% 517.4 «Возродить карту – это извлечь её с кладбища и поместить в игровую зону.»
editions:rule('A', bring_into_squad, put_into_play_zone(revive), 'A:517.4').
% 517.6 «Создать карту - это положить в игру карту из списка карт в части 8.»
editions:rule('A', bring_into_squad, put_into_play_zone(create), 'A:517.6').
% «Взять карту под контроль – это стать игроком, контролирующим эту карту (одновременно с этим
%  противник перестаёт контролировать карту). Если в результате какого-либо эффекта вы потеряли
%  контроль над картой, то ваш противник автоматически становится игроком, контролирующим эту карту.»
editions:rule('A', bring_into_squad, control_taken(take_control), 'A:517.4/взять-карту-под-контроль').
editions:rule('A', bring_into_squad, not_performed(take_control, already_controlled), 'A:517.4/взять-карту-под-контроль').
editions:rule('A', bring_into_squad, control_lost(to_the_opponent), 'A:517.4/взять-карту-под-контроль').
% «Если вы потеряли контроль над картой, но это карта по какой-либо причине не может быть взята в
%  отряд противника, то вы продолжаете контролировать эту карту…»
editions:rule('A', bring_into_squad, control_lost(kept), 'A:517.4/если-вы-потеряли-контроль').
% 517.6: «Создать карту - это положить в игру карту из списка карт в части 8. Правила создания карт:
% 1) в открытом виде 2) под своим контролем»
editions:rule('A', bring_into_squad, not_performed(create, already_in_the_game), 'A:517.6').
editions:rule('A', bring_into_squad, default(create, face_up), 'A:517.6/item1').
editions:rule('A', bring_into_squad, default(create, under_own_control), 'A:517.6/item2').
% 517.6.1: «Созданные карты в течение игры могут переходить в разные зоны: руку, кладбище, колоду -
% как обычные карты. После окончания партии необходимо убрать из колоды все созданные карты.»
editions:rule('A', bring_into_squad, created_card_changes_zone, 'A:517.6.1').
editions:rule('A', bring_into_squad, created_cards_removed, 'A:517.6.1').

% --- axe_rule: «Правило топора.» (001) ------------------------------------------------------------

% What the rules say that a card's text may contradict (a defender taps; it defends once per turn):
% the loaded text of A states neither. «Например, у Лёккена: "Выступая защитником, не закрывается…"»
% is an example, not a rule, so no rules_default(_) is stated here: a defence the card's text does
% not decide is refused («edition A has no rule for how a defender taps…»), as every silent rule is.
% «Если в тексте карты в явном виде прописано противоречие с настоящими Правилами, то преимущество в
%  этой ситуации имеет текст карты.»
editions:rule('A', axe_rule, card_text_wins, 'A:правило-топора/если-в-тексте-карты').
