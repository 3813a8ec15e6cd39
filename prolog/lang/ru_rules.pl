:- encoding(utf8).
:- module(lang_ru_rules, []).

/** <module> Русский: слова разделов и правил данных редакций

Data of lang/lang.pl, as lang/ru_words.pl: `rule(ru, Name, Words)`, Name a section or a rule's functor of
the editions' data (editions/a.pl, b.pl), in the words a refusal names it with (editions.pl
unsupported_error/2).
*/

:- multifile lang:rule/3.

lang:rule(ru, add_to_missing_feature, "«+N» к особенности, которой у карты нет").
lang:rule(ru, attack_modifiers, "модификаторы атаки").
lang:rule(ru, dice_modifiers, "модификаторы броска кубика").
lang:rule(ru, loss_of_features, "потеря особенностей").
lang:rule(ru, named_features, "именованные особенности").
lang:rule(ru, prevention, "предотвращение ран").
lang:rule(ru, replacement_effects, "заменяющие эффекты").
lang:rule(ru, triggered_features, "срабатывающие способности").
lang:rule(ru, bring_into_squad, "ввод карты в отряд").
lang:rule(ru, axe_rule, "правило топора").
lang:rule(ru, rules_default, "как защитник закрывается и сколько раз за ход защищает").
lang:rule(ru, adjacent_grant, "особенность, которую карта даёт, пока стоит рядом").
lang:rule(ru, attack_deals_wounds, "атака наносит раны").
lang:rule(ru, attack_group, "группы модификаторов атаки").
lang:rule(ru, attack_modified, "когда атака становится модифицированной").
lang:rule(ru, attack_modifier_order, "порядок модификаторов атаки").
lang:rule(ru, attack_order_chooser, "кто упорядочивает модификаторы атаки внутри группы").
lang:rule(ru, card_text_wins, "текст карты важнее правил").
lang:rule(ru, condition_ended, "особенность заканчивается вместе со своим условием («до конца хода», «пока рядом», «в строю»)").
lang:rule(ru, condition_ended_end_of_turn, "особенность «до конца хода» заканчивается в конце хода").
lang:rule(ru, condition_ended_end_of_your_turn, "особенность «до конца вашего хода» заканчивается в конце хода игрока, чья карта её дала").
lang:rule(ru, condition_ended_adjacent, "особенность «пока рядом» заканчивается, когда карты больше не стоят рядом").
lang:rule(ru, condition_ended_formation, "особенность «в строю» заканчивается, когда строй нарушен").
lang:rule(ru, condition_ended_formation_held, "особенность, полученная в строю от другой карты, заканчивается, когда строй нарушен").
lang:rule(ru, control_lost, "потеря контроля над картой").
lang:rule(ru, created_card_changes_zone, "созданная карта переходит в другие зоны").
lang:rule(ru, created_cards_removed, "созданные карты убираются после партии").
lang:rule(ru, deck_shuffled, "колода перемешивается после просмотра").
lang:rule(ru, declared_before_kept, "объявленное до переброса сохраняется").
lang:rule(ru, default, "правила ввода в отряд по умолчанию").
lang:rule(ru, dice_bounds, "предел броска кубика 1…6").
lang:rule(ru, dice_group, "группы модификаторов броска кубика").
lang:rule(ru, dice_modifier_order, "порядок модификаторов броска кубика").
lang:rule(ru, dice_order_chooser, "кто упорядочивает модификаторы броска внутри группы").
lang:rule(ru, feature_added, "прибавка к особенности").
lang:rule(ru, feature_gained, "приобретение особенности").
lang:rule(ru, feature_replaced, "замещение особенности").
lang:rule(ru, fires_on_the_move, "срабатывание при перемещении").
lang:rule(ru, formation_features_lost, "потеря особенностей «в строю»").
lang:rule(ru, formation_grant, "особенность, которую карта даёт в строю").
lang:rule(ru, formation_modifier, "модификатор атаки за строй").
lang:rule(ru, from_the_squad, "модификаторы от карт из отряда").
lang:rule(ru, gain_not_performed, "приобретение особенности, которое не выполняется").
lang:rule(ru, grant_modifiers, "модификаторы к приобретаемой особенности").
lang:rule(ru, replacing_stays, "заместившая особенность остаётся, когда пропадает замещённая").
lang:rule(ru, loss_ends_on_zone_change, "потеря особенностей заканчивается при смене зоны").
lang:rule(ru, loss_outside_battle_zone, "потеря особенностей вне зоны битвы").
lang:rule(ru, lost, "какие особенности теряются").
lang:rule(ru, kept, "какие особенности сохраняются при потере").
lang:rule(ru, marker_period, "срок маркера подавления").
lang:rule(ru, marker_removal, "удаление маркера подавления").
lang:rule(ru, markers_lifted, "снятие маркеров подавления").
lang:rule(ru, modifier_owner, "кому принадлежит модификатор").
lang:rule(ru, negative_value_works_as_zero, "отрицательное значение особенности работает как 0").
lang:rule(ru, new_object, "карта в новой зоне — новый объект").
lang:rule(ru, next_roll_equals, "следующий бросок кубика равен X").
lang:rule(ru, not_performed, "когда ввод в отряд не выполняется").
lang:rule(ru, not_performed_kept, "невыполненное приобретение ничего не отнимает").
lang:rule(ru, opponents_cards, "модификаторы от карт противника").
lang:rule(ru, owner_is_the_controller, "владелец карты — её контролирующий игрок").
lang:rule(ru, prevented, "сколько ран предотвращается").
lang:rule(ru, prevention_order, "порядок эффектов предотвращения").
lang:rule(ru, prevention_stopped, "конец эффекта предотвращения").
lang:rule(ru, put_into_play_zone, "карта помещается в игровую зону").
lang:rule(ru, replaced_by, "что замещает эффект").
lang:rule(ru, replaced_returns, "замещённая особенность возвращается").
lang:rule(ru, replacement_chosen, "кто выбирает заменяющий эффект").
lang:rule(ru, replacement_of_a_replacement, "замена результата замены").
lang:rule(ru, replacement_optional, "отказ от заменяющего эффекта").
lang:rule(ru, reroll, "переброс кубика").
lang:rule(ru, old_face_ignored, "значение до переброса игнорируется").
lang:rule(ru, flip, "переворот кубика").
lang:rule(ru, roll_face, "когда бросок кубика заносится").
lang:rule(ru, roll_modified, "когда бросок кубика становится модифицированным").
lang:rule(ru, rules_modifier, "модификатор правил игры").
lang:rule(ru, set_to_never_raises, "сведение никогда не увеличивает атаку").
lang:rule(ru, strike_reduction, "сведение атаки к слабому удару").
lang:rule(ru, suppressed_not_held, "подавленной особенности у карты нет").
lang:rule(ru, suppressed_trigger_does_not_fire, "подавленная способность не срабатывает").
lang:rule(ru, control_taken, "взятие карты под контроль").
