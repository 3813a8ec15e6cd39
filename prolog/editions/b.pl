:- encoding(utf8).
:- module(edition_b, []).

/** <module> Edition B as data: which unit of its text states which rule

Fragments 000, 004 (kb/sources/manifest.yaml): named features (518.8), dice modifiers (519), loss of
features (540). Each fact is `rule(Edition, Section, Rule, Unit)` or
`rule_variant(Edition, Rule, Variant)` (editions/editions.pl); the rule modules carry the
behaviours out. A quote of the unit stands above each fact.
*/

:- multifile editions:edition/2, editions:rule/4, editions:rule_variant/3.

editions:edition('B', "Редакция B").

% --- dice_modifiers: 519 «Модификаторы броска кубика» (000) --------------------------------------

% 519.1: «Когда бросок кубика совершён …, к этому броску применяются все модификаторы броска кубика.
% … полученные значения броска кубика и броска кубика (без учёта модификаторов) используются…»
editions:rule('B', dice_modifiers, roll_face, 'B:519.1').
editions:rule('B', dice_modifiers, roll_modified, 'B:519.1').
% 519.2: «Модификаторы на кубик накладываются по очереди в следующем порядке: a. модификаторы,
% сводящие бросок кубика к определённому значению (“сводится к X”); b. модификаторы вида “+X/-X к
% броску кубика”.» 519.3: «В каждой группе модификаторов … a. … отряда игрока, бросающего кубик…;
% b. … от самой карты, бросающей кубик; c. … от карт противника…»
editions:rule('B', dice_modifiers, dice_modifier_order, 'B:519.2').
editions:rule('B', dice_modifiers, dice_modifier_order, 'B:519.3').
editions:rule_variant('B', dice_modifier_order,
                      [ set_to-own_squad, set_to-self, set_to-opponent,
                        additive-own_squad, additive-self, additive-opponent ]).
editions:rule('B', dice_modifiers, dice_group(set_to, own_squad), 'B:519.2/item1').
editions:rule('B', dice_modifiers, dice_group(set_to, own_squad), 'B:519.3/item1').
editions:rule('B', dice_modifiers, dice_group(set_to, self), 'B:519.2/item1').
editions:rule('B', dice_modifiers, dice_group(set_to, self), 'B:519.3/item2').
editions:rule('B', dice_modifiers, dice_group(set_to, opponent), 'B:519.2/item1').
editions:rule('B', dice_modifiers, dice_group(set_to, opponent), 'B:519.3/item3').
editions:rule('B', dice_modifiers, dice_group(additive, own_squad), 'B:519.2/item2').
editions:rule('B', dice_modifiers, dice_group(additive, own_squad), 'B:519.3/item1').
editions:rule('B', dice_modifiers, dice_group(additive, self), 'B:519.2/item2').
editions:rule('B', dice_modifiers, dice_group(additive, self), 'B:519.3/item2').
editions:rule('B', dice_modifiers, dice_group(additive, opponent), 'B:519.2/item2').
editions:rule('B', dice_modifiers, dice_group(additive, opponent), 'B:519.3/item3').
% 519.3: «a. модификаторы, полученные от карт из отряда игрока, бросающего кубик…» — a card of that
% player that is not in play is not one «из отряда»: its modifier is in no group.
editions:rule('B', dice_modifiers, from_the_squad(dice, own_squad), 'B:519.3/item1').
% 519.3: «c. модификаторы, полученные от карт противника игрока…»: no «из отряда» (a.) — read
% literally: an opponent's card not in play gives its modifier too.
editions:rule('B', dice_modifiers, opponents_cards(dice), 'B:519.3/item3').
% 519.4: «…порядок их наложения внутри группы определяет игрок, контролирующий эту группу карт.»
editions:rule('B', dice_modifiers, dice_order_chooser, 'B:519.4').
% 519.5: «Особенности вида “следующий бросок кубика равен X”, в отличие от особенностей вида “бросок
% кубика сводится к X”, модификаторами не являются. … Кубик в этом случае не бросается.»
editions:rule('B', dice_modifiers, next_roll_equals, 'B:519.5').
% 519.6: «Переворот кубика - это сведение кубика по правилу: 1 сводится к 6, 2 к 5, 3 к 4, 4 к 3, 5 к 2,
% 6 к 1.»
editions:rule('B', dice_modifiers, flip, 'B:519.6').
editions:rule_variant('B', flip, set_to_modifier).
% 519.7: «Переброс кубика не является модификатором. … Значение кубика до переброса в таком случае
% игнорируется, как будто его не было…»
editions:rule('B', dice_modifiers, reroll, 'B:519.7').
editions:rule('B', dice_modifiers, old_face_ignored, 'B:519.7').
% 519.8: «Все особенности, которые были заявлены игроками …, связанные с модификацией броска кубиков,
% не меняют значение кубика мгновенно, а добавляют соответствующие модификаторы к броску…»
editions:rule('B', dice_modifiers, declared_before_kept, 'B:519.8').
% 519.8: «Эти модификаторы считаются принадлежащими тем или иным картам в соответствии с текстом
% особенности» — a flip is the modifier of the card whose feature flips (the roller's own, when
% the situation names no other card).
editions:rule('B', dice_modifiers, modifier_owner, 'B:519.8').

% --- named_features: 518.8 and its three examples (000) ------------------------------------------

% 518.8: «В случае, если после наложения модификаторов карта имеет отрицательное значение именной
% особенности, эта особенность работает как “[именная особенность] 0”.» — the value a feature works
% with; B's loaded text has nothing of a modifier to a gain (A's Менгир: «может усилить отравление»),
% so grant_modifiers is not stated here.
editions:rule('B', named_features, negative_value_works_as_zero, 'B:518.8').
% ПРИМЕР 1: «…ваше существо получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода.
% Если Ледовый Охотник решит дать Опыт в атаке … существу с Опытом в атаке, получение этого Опыта в
% атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт.»
% … said of a card that already has the feature: that a card without it gains it, no B unit says in
% words; the reading rests on these (variant read: the step cites nothing, features:gained/2).
editions:rule('B', named_features, feature_gained, 'B:518.8/ex1').
editions:rule_variant('B', feature_gained, read).
editions:rule('B', named_features, gain_not_performed(same), 'B:518.8/ex1').
% … «поэтому в конце хода Опыт в атаке у этого существа не пропадёт»: a gain that was not performed
% leaves nothing to end with its while.
editions:rule('B', named_features, not_performed_kept, 'B:518.8/ex1').
% … the only B text on a feature (or a plus) held «до конца хода», «до конца вашего хода»: B has it
% (requires/2), but that one so held ends then is these words read by contraposition, so the steps
% that end it cite nothing and say it is the engine's reading (rules/turn_ends.pl; never cited).
editions:rule('B', named_features, condition_ended(end_of_turn), 'B:518.8/ex1').
editions:rule('B', named_features, condition_ended(end_of_your_turn), 'B:518.8/ex1').
% ПРИМЕР 2: «существо с особенностью "Регенерация 2" не может получить особенность "Регенерация 1".
% … у существа вместо "Регенерации 2" будет "Регенерация 3", и будет выполняться она.»
editions:rule('B', named_features, gain_not_performed(lower), 'B:518.8/ex2').
editions:rule('B', named_features, feature_replaced, 'B:518.8/ex2').
% ПРИМЕР 3: «существо с особенностью "Отравление 1" получает "+1 к Отравлению", это означает, что оно
% теперь имеет "Отравление 2".»
editions:rule('B', named_features, feature_added, 'B:518.8/ex3').
% «○ подавляются до появления новой базовой именной особенности, если были собственными.» — own
% features a higher one replaced are kept to come back (cited); that acquired ones are not is the
% engine's reading of it (variant own; that step cites nothing: features:replaced_dropped/3).
editions:rule('B', named_features, replaced_returns, 'B:~000_ee1f512a66c0b866/item1').
editions:rule_variant('B', replaced_returns, own).

% --- loss_of_features: 540 «Потеря особенностей» (004) -------------------------------------------

% 540.1: «Потеря особенностей делится на два типа…»
editions:rule('B', loss_of_features, loss_of_features, 'B:540.1').
% 540.2: «…она лишается всех своих собственных особенностей, но не приобретённых…»; 540.3: «…каждая
% собственная потерянная особенность подавляется…»
editions:rule('B', loss_of_features, lost(all), 'B:540.2').
editions:rule('B', loss_of_features, lost(all), 'B:540.3').
% 540.2: «…но не приобретённых»: an acquired feature is not lost with all features.
editions:rule('B', loss_of_features, kept(acquired), 'B:540.2').
% 540.3: «…считается, что карта не обладает такой особенностью, эта особенность не оказывает никаких
% эффектов на игру.»
editions:rule('B', loss_of_features, suppressed_not_held, 'B:540.3').
% 540.2: «Например, потеря Строя приводит к потере всех приобретенных особенностей, связанных со строем.»
editions:rule('B', loss_of_features, formation_features_lost, 'B:540.2/ex1').
% 540.4: «Лишение конкретной особенности происходит независимо от того, приобретенной или
% собственной она является.»
editions:rule('B', loss_of_features, lost(one), 'B:540.4').
% 540.4: «● собственная особенность подавляется, как это описано в п. 540.3»
editions:rule('B', loss_of_features, lost(own), 'B:540.4/item1').
editions:rule('B', loss_of_features, lost(own), 'B:540.3').
% 540.4: «○ удаляется с карты (снимается соответствующий эффект), не возвращается…»
editions:rule('B', loss_of_features, lost(acquired), 'B:540.4/item2.1').
% 540.4: «○ подавляется подобно постоянной особенности, если источник приобретенной особенности –
% постоянная особенность этой или другой карты… (так как нарушилось условие её существования)»
editions:rule('B', loss_of_features, lost(acquired_from_a_static_feature), 'B:540.4/item2.2').
% (B's loaded text says nothing of a card standing next to another — no «рядом», no «подходит»:
% approach, leave and a feature held `while: adjacent` are refused here; A states them.)
editions:rule('B', loss_of_features, condition_ended(formation), 'B:540.4/item2.2').
% 540.4, ПРИМЕР 1: «Горный Великан имеет опыт в защите, пока стоит в строю…»: a feature held in
% formation, nothing suppressed, ends when the formation does.
editions:rule('B', loss_of_features, condition_ended(formation_held), 'B:540.4/ex1').
% … «(то есть если после потери согласно тексту той карты особенность сразу же должна быть получена
% вновь)»: it is got again only as that card's text gives it — from a card in formation with it.
editions:rule('B', loss_of_features, formation_grant(source_gives_it), 'B:540.4/item2.2').
% 540.4, ПРИМЕР 1: «…не будет им обладать, пока не разорвёт строй и не образует его заново.»
editions:rule('B', loss_of_features, formation_grant(formed), 'B:540.4/ex1').
% 540.3.1: «Маркер подавления … удаляется, когда заканчивается период действия эффекта лишения
% особенности, после чего особенность снова начинает влиять на игру. Если период не указан,
% особенность считается потерянной до конца боя (или до явной потери маркера)»
editions:rule('B', loss_of_features, marker_period, 'B:540.3.1').
editions:rule('B', loss_of_features, markers_lifted, 'B:540.3.1').
editions:rule('B', loss_of_features, marker_removal, 'B:540.3.1').
% What a static feature gives in formation is back when Строй works again not by 540.3.1 (that is about
% the suppressed feature) but as 540.4 ○ says: «(то есть если после потери согласно тексту той карты
% особенность сразу же должна быть получена вновь)».
editions:rule('B', loss_of_features, formation_grant(works_again), 'B:540.4/item2.2').
% 540.5: «Если не сказано иного, лишение особенностей действует только на карты, расположенные в зоне
% битвы, при переносе карты в другую игровую зону лишение прекращает действовать после выполнения
% всех срабатывающих особенностей, связанных с переносом карты в новую зону.»
editions:rule('B', loss_of_features, loss_outside_battle_zone, 'B:540.5').
editions:rule('B', loss_of_features, loss_ends_on_zone_change, 'B:540.5').
% … «после выполнения всех срабатывающих особенностей, связанных с переносом карты в новую зону»:
% a feature triggered by the move (a death, «при гибели») fires.
editions:rule('B', triggered_features, fires_on_the_move, 'B:540.5').
% 540.5, ПРИМЕР 1: «…Свой особый удар Степной Волколак не нанесёт.»; 540.3: «…эта особенность не
% оказывает никаких эффектов на игру»: a suppressed trigger does not fire.
editions:rule('B', loss_of_features, suppressed_trigger_does_not_fire, 'B:540.5/ex1').
editions:rule('B', loss_of_features, suppressed_trigger_does_not_fire, 'B:540.3').
